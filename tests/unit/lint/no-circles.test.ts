import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT, sourceFiles } from './import-graph';

/** The folders of running code; tests and scripts may import across them freely. */
const CODE = ['src', 'engine', 'workers', 'gateway'];

/**
 * The import circles among `files` (type-only imports count: a circle of types is still two files that can only be
 * understood together), each as its files; strongly connected components by Tarjan's algorithm.
 */
function circles(files: readonly string[]): string[][] {
  const edges = new Map(files.map((file) => [file, importsOf(file).filter((target) => target !== file)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!edges.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(relative(ROOT, member));
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe('imports', () => {
  it('form no circle anywhere in the running code', () => {
    const files = CODE.flatMap((dir) => sourceFiles(join(ROOT, dir)));
    expect(circles(files)).toEqual([]);
  });

  it('are read well enough to see a circle (a known pair of files is seen importing each other)', () => {
    // The graph reader must see multi-line and type-only imports, or the check above would pass on a blind reading.
    const routes = join(ROOT, 'gateway/app.ts');
    expect(importsOf(routes).map((file) => relative(ROOT, file))).toContain('gateway/http/envelope.ts');
  });
});
