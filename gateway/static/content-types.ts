import { extname } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** The Content-Type for a file name, by extension; unknown extensions are `application/octet-stream`. */
export function contentTypeFor(fileName: string): string {
  return TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/** True when a content type is worth compressing (text, JSON, JS, SVG, manifests, wasm). */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|manifest\+json|xml|wasm)|image\/svg\+xml)/.test(contentType);
}

/** True when an Accept-Encoding header allows `encoding` (listed, or via `*`, and not with q=0). */
export function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const rejected = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (name === encoding) return !rejected;
    if (name === '*') wildcard = !rejected;
  }
  return wildcard;
}
