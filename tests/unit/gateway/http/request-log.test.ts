import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../../gateway/app';
import { openDatabase } from '../../../../gateway/open-database';
import { createLogger } from '../../../../gateway/log/logger';
import { MarketSimulator } from '../../../../gateway/market/simulator';
import { T0, tempDir, testSigning } from '../support';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function appWithLog(level: Parameters<typeof createLogger>[0]) {
  const dir = tempDir();
  const db = openDatabase(join(dir.path, 'data'));
  cleanups.push(() => {
    db.close();
    dir.remove();
  });
  const lines: string[] = [];
  const app = createApp({
    db,
    simulator: new MarketSimulator({ seed: 1, nowMs: T0 }),
    logger: createLogger(level, (l) => lines.push(l)),
    signing: testSigning(),
  });
  return { app, lines };
}

describe('request log', () => {
  it('writes one JSON line per request with path, status, ms and code, but no query, body, cookie or token', async () => {
    const { app, lines } = appWithLog('info');
    await app.request('/v1/buried/log/cspSecurity?token=QUERY-SECRET', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: 'session=COOKIE-SECRET',
        authorization: 'Bearer AUTH-SECRET',
      },
      body: JSON.stringify({ bizType: 'b', data: { event: 'BODY-SECRET' }, page: '/' }),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      level: 'info',
      method: 'POST',
      path: '/v1/buried/log/cspSecurity',
      status: 200,
      code: '00000',
    });
    expect(typeof entry.ms).toBe('number');
    expect(Date.parse(entry.ts)).not.toBeNaN();
    expect(lines[0]).not.toMatch(/SECRET/);
  });

  it('filters by level and is quiet when silent', async () => {
    const warn = appWithLog('warn');
    await warn.app.request('/v1/public/time');
    await warn.app.request('/v1/missing');
    expect(warn.lines.map((l) => JSON.parse(l).status)).toEqual([404]);
    const silent = appWithLog('silent');
    await silent.app.request('/v1/missing');
    expect(silent.lines).toEqual([]);
  });
});
