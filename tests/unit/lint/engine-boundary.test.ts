import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'engine-boundary-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Lints one file written at `path` (relative to a scratch tree) with the project's config; returns flagged lines. */
async function flaggedLines(path: string, source: string): Promise<number[]> {
  const file = join(scratch, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  const result = await run(BIOME, ['lint', '--config-path', join(ROOT, 'biome.json'), '--max-diagnostics=200', file], {
    cwd: ROOT,
  }).catch((error: { stdout: string; stderr: string }) => error);
  const output = `${result.stdout}${result.stderr}`;
  return [...output.matchAll(/:(\d+):\d+ plugin/g)].map((match) => Number(match[1]));
}

const SOURCE = [
  "import { TradeFeed } from '../../engine/market/trade-feed';",
  "import type { TradeFrame } from '../../engine/market/trade-frame';",
  "import { isLocale } from '../../engine/rules/locales';",
  "import { formatFixed } from '../../engine/format/fixed-format';",
  "import { MathsDecimal as D } from '../../engine/maths/maths-decimal';",
  "import '../../engine/market/book-painter';",
  "export { ClockOffset } from '../../engine/crypto/clock-offset';",
  "export type { SecurityReport } from '../../engine/crypto/security-report';",
  "export const later = () => import('../../engine/maths/position-metrics');",
  'export const used: unknown[] = [TradeFeed, isLocale, formatFixed, D];',
  'export type Used = TradeFrame;',
].join('\n');

describe('the engine boundary lint rule', () => {
  it('flags every run-time import, re-export and dynamic import from engine/ outside rules and format in src/', async () => {
    expect(await flaggedLines('src/trade/probe.ts', SOURCE)).toEqual([1, 5, 6, 7, 9]);
  }, 30_000);

  it('leaves workers, the engine, tests and the main-thread door free to import the engine', async () => {
    for (const path of [
      'workers/market/probe.ts',
      'engine/market/probe.ts',
      'tests/unit/probe.test.ts',
      // The page's one door into the feed engine for what must run on the main thread, allowed by name.
      'src/trade/market/main-thread-engine.ts',
    ]) {
      expect(await flaggedLines(path, SOURCE), path).toEqual([]);
    }
  }, 30_000);
});
