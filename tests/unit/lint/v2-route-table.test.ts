import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README's table of v2 private routes and channels (issue 39 §7) against the code: every private route the gateway
 * serves has a row, and every row's test still makes the client-library call the row names.
 */

const ROOT = join(__dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

const TEST_FILES: Record<string, string> = {
  library: 'tests/e2e/client-library.spec.ts',
  bots: 'tests/e2e/client-library-bots.spec.ts',
};

interface Row {
  route: string;
  calls: string[];
  tests: string[];
}

/** The rows between the table's markers. */
function tableRows(): Row[] {
  const readme = read('README.md');
  const body = readme.slice(readme.indexOf('<!-- v2-route-table -->'), readme.indexOf('<!-- /v2-route-table -->'));
  return body
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Route') && !line.startsWith('|---'))
    .map((line) => {
      const [route = '', calls = '', tests = ''] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return {
        route,
        // The first name in each part ("`createOrder` with `triggerPrice`", "`addMargin`, `reduceMargin`").
        calls: calls
          .split(/[,;]/)
          .map((part) => /`([A-Za-z0-9]+)`/.exec(part)?.[1])
          .filter((call): call is string => call !== undefined),
        tests: tests
          .split(';')
          .map((part) => {
            const named = /`([^`]+\.ts)`/.exec(part)?.[1];
            if (named) return `tests/unit/gateway/${named}`;
            return TEST_FILES[part.trim().split(/\s/)[0] ?? ''];
          })
          .filter((path): path is string => path !== undefined),
      };
    });
}

/** Every private v2 REST path the gateway's API-key routes declare (the public market reads are elsewhere). */
function servedRoutes(): string[] {
  const dir = join(ROOT, 'gateway/v2-api');
  const paths = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    for (const match of read(`gateway/v2-api/${file}`).matchAll(/'\/api\/v2\/([A-Za-z/_-]+)'/g)) paths.add(match[1]!);
  }
  return [...paths].filter((path) => !/\/(market|public)\//.test(path) && path !== 'margin/currencies').sort();
}

describe('the README table of v2 private routes and channels', () => {
  const rows = tableRows();

  it('has a row for every private route the gateway serves, and none for a route it does not', () => {
    const listed = rows.map((row) => /^`([^`]+)`$/.exec(row.route)?.[1]).filter((route) => route !== undefined);
    expect(servedRoutes().length).toBeGreaterThan(50);
    expect([...listed].sort()).toEqual(servedRoutes());
  });

  it('names for each row a test that makes the call it names', () => {
    expect(rows.length).toBeGreaterThan(55);
    const missing: string[] = [];
    for (const row of rows) {
      expect(row.tests.length, row.route).toBeGreaterThan(0);
      const sources = row.tests.map(read).join('\n');
      const needles =
        row.calls.length > 0 ? row.calls.map((call) => `${call}(`) : [/`([^`]+)`/.exec(row.route)?.[1] ?? row.route];
      for (const needle of needles) if (!sources.includes(needle)) missing.push(`${row.route}: ${needle}`);
    }
    expect(missing).toEqual([]);
  });
});
