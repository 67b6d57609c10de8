import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The checkout's root, which every path below is under. */
export const ROOT = resolve(import.meta.dirname, '../../..');

/** Every TypeScript source file under `dir` (declarations included), as absolute paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\b[^'";]*?\bfrom\s*'(\.{1,2}\/[^']+)'|\bimport\s*\(\s*'(\.{1,2}\/[^']+)'\s*\)|^import\s+'(\.{1,2}\/[^']+)'/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '.d.ts', '.mjs', '/index.ts', '/index.tsx'];

/** The files of this checkout that `file` imports or re-exports (type-only imports too), resolved to absolute paths. */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    const base = resolve(dirname(file), specifier.replace(/\.js$/, ''));
    const target = EXTENSIONS.map((extension) => base + extension).find(
      (path) => existsSync(path) && statSync(path).isFile(),
    );
    if (target) found.push(target);
  }
  return found;
}
