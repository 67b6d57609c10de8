import { splitLanguagePrefix } from './route-languages';

/** The file `vite build` writes beside index.html: the full path of every client route, e.g. `/spot/$symbol`. */
export const ROUTE_LIST_FILE = 'routes.json';

/**
 * True when a path (with or without a language prefix, spec §2.1) is one the client's router matches: a `$name`
 * segment of a route matches any one non-empty segment, and a trailing slash is ignored. The gateway answers 404
 * (with the same page) for any other path.
 */
export function matchesRoutePath(pathname: string, routes: readonly string[]): boolean {
  const path = splitLanguagePrefix(pathname.split(/[?#]/, 1)[0] ?? '/').rest;
  const segments = segmentsOf(path);
  return routes.some((route) => {
    const pattern = segmentsOf(route);
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith('$') ? segments[i] !== '' : part === segments[i]))
    );
  });
}

/** Reads a route list file's contents: an array of paths starting with `/`, or null when it is anything else. */
export function readRouteList(text: string): string[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length === 0) return null;
  return value.every((path) => typeof path === 'string' && path.startsWith('/')) ? (value as string[]) : null;
}

function segmentsOf(path: string): string[] {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.slice(1).split('/');
}
