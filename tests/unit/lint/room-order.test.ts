import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../../src');

/**
 * The rooms of src/ from the ground floor up (README, layout): a file may import from its own room and from rooms on
 * lower floors, never from a higher one, so a lower room never depends on what is built on top of it.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['platform', 'i18n', 'styles', 'workers.ts', 'vite-env.d.ts', 'bridge'],
  ['settings', 'ui'],
  ['session'],
  ['api'],
  ['security'],
  ['auth'],
  ['account', 'asset', 'content', 'fees', 'fund', 'markets', 'reserves', 'simulation', 'trade'],
  ['app', 'in-app'],
  ['routes', 'routeTree.gen.ts', 'router.tsx', 'main.tsx'],
];

function floorOf(path: string): number {
  const room = withoutExtension(relative(SRC, path).split('/')[0] ?? '');
  const floor = FLOORS.findIndex((rooms) => rooms.some((name) => withoutExtension(name) === room));
  if (floor < 0) throw new Error(`src/${room} is in no room of the floor plan: add it to FLOORS`);
  return floor;
}

function withoutExtension(name: string): string {
  return name.replace(/(\.d)?\.tsx?$/, '');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every import of src/ that climbs to a higher floor, as "from → to". */
function climbingImports(): string[] {
  const climbs: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolve(dirname(file), match[1] ?? '');
      if (!target.startsWith(`${SRC}/`)) continue;
      // An area's message files are the i18n room's data, kept in the area's folder (STYLE.md, one folder per area).
      if (/\/messages\/[^/]+\.json$/.test(target)) continue;
      if (floorOf(target) > floorOf(file)) climbs.push(`${relative(SRC, file)} → ${relative(SRC, target)}`);
    }
  }
  return climbs;
}

describe('the floor plan of src/', () => {
  it('puts every room on a floor', () => {
    expect(() => sourceFiles(SRC).map(floorOf)).not.toThrow();
  });

  it('has no import from a lower room into a higher one', () => {
    expect(climbingImports()).toEqual([]);
  });
});
