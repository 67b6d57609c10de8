import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../../gateway/security/rate-limiter';
import {
  type CspReport,
  createCspReportStore,
  MAX_ROWS,
  MAX_ROWS_PER_SOURCE,
} from '../../../../gateway/security/csp-report-store';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { requestOrigin } from '../../../../gateway/http/request-origin';
import {
  CSP_REPORT_BURST,
  CSP_REPORT_SUSTAINED,
  cspReportRoutes,
  reportSourceOf,
} from '../../../../gateway/security/csp-report-routes';
import { expectRefused } from '../refusal-support';
import { makeTestApp, requestTime, type TestApp } from '../support';

const PATH = '/v1/buried/log/cspSecurity';
let t: TestApp;
beforeEach(() => {
  t = makeTestApp();
});
afterEach(() => t.close());

const send = (body: string, type: string) =>
  t.app.request(PATH, { method: 'POST', headers: { 'content-type': type }, body });
const stored = () => createCspReportStore(t.db).list();

describe('POST /v1/buried/log/cspSecurity', () => {
  it("stores the product's own report and replies success without echoing it", async () => {
    const report = {
      bizType: 'gatewaySign',
      data: { event: 'initFailed', reason: 'SECRET-REASON' },
      timestamp: 1736942400000,
      page: '/en/spot',
    };
    const res = await send(JSON.stringify(report), 'application/csp-report');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: '00000', msg: 'success', data: null });
    expect(text).not.toContain('SECRET-REASON');
    expect(requestTime(res)).toBeGreaterThan(0);
    expect(stored()).toMatchObject([
      { bizType: 'gatewaySign', event: 'initFailed', reason: 'SECRET-REASON', page: '/en/spot' },
    ]);
  });

  it("stores a browser's csp-report", async () => {
    const report = {
      'csp-report': {
        'document-uri': 'http://127.0.0.1:8080/en/markets',
        'violated-directive': 'script-src-elem',
        'effective-directive': 'script-src-elem',
        'blocked-uri': 'inline',
        'original-policy': "default-src 'self'",
        'line-number': 12,
        disposition: 'enforce',
      },
    };
    expect((await send(JSON.stringify(report), 'application/csp-report')).status).toBe(200);
    expect(stored()).toMatchObject([
      { bizType: 'csp', event: 'script-src-elem', reason: 'inline', page: 'http://127.0.0.1:8080/en/markets' },
    ]);
  });

  it('stores every entry of a Reporting-API batch', async () => {
    const batch = [1, 2].map((n) => ({
      type: 'csp-violation',
      age: 10,
      url: `http://127.0.0.1:8080/page-${n}`,
      user_agent: 'test',
      body: {
        documentURL: `http://127.0.0.1:8080/page-${n}`,
        blockedURL: 'trusted-types-sink',
        effectiveDirective: 'require-trusted-types-for',
        disposition: 'enforce',
      },
    }));
    expect((await send(JSON.stringify(batch), 'application/reports+json')).status).toBe(200);
    const rows = stored();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.page).sort()).toEqual(['http://127.0.0.1:8080/page-1', 'http://127.0.0.1:8080/page-2']);
    expect(rows[0]).toMatchObject({ bizType: 'csp-violation', event: 'require-trusted-types-for' });
  });

  describe('hostile reports are rejected and nothing is stored', () => {
    it('a body over 16 KiB → 413', async () => {
      const huge = { bizType: 'x', data: { event: 'e', reason: 'r'.repeat(20 * 1024) }, page: '/' };
      const res = await send(JSON.stringify(huge), 'application/json');
      expect(res.status).toBe(413);
      expect((await res.json()).code).toBe('41300');
    });

    it('a wrong content type → 415', async () => {
      const res = await send(JSON.stringify({ bizType: 'x', data: { event: 'e' }, page: '/' }), 'text/plain');
      expect(res.status).toBe(415);
    });

    it('nested garbage → 40002', async () => {
      const bodies = [
        { 'csp-report': { 'document-uri': { deep: { deeper: [1, 2, 3] } } } },
        { bizType: 'x', data: { event: { $gt: '' } }, page: '/' },
        { bizType: 'x', data: 'not-an-object', page: '/' },
        [{ type: 'csp-violation', body: { documentURL: ['a'] } }],
        { hello: 'world' },
        [],
        'just a string',
      ];
      for (const body of bodies) {
        await expectRefused(
          await send(JSON.stringify(body), 'application/json'),
          '40002',
          undefined,
          JSON.stringify(body),
        );
      }
    });

    it('invalid JSON → 40001', async () => {
      await expectRefused(await send('{"csp-report": {', 'application/csp-report'), '40001');
    });

    afterEach(() => {
      expect(stored()).toHaveLength(0);
    });
  });
});

describe('the report limit per address', () => {
  let clock = 0;
  // The route alone on the gateway's limiter, behind a trusted proxy, on a clock the test moves.
  const limitedApp = () => {
    const app = new Hono<GatewayEnv>();
    app.use('*', requestOrigin({ trustProxy: true }));
    app.route(
      '/',
      cspReportRoutes(
        createCspReportStore(t.db),
        createRateLimiter(t.db, () => clock),
      ),
    );
    return app;
  };
  const report = (reason: string) =>
    JSON.stringify({ bizType: 'csp', data: { event: 'img-src', reason }, timestamp: 1, page: '/en' });
  const sendFrom = async (app: Hono<GatewayEnv>, address: string, reason: string) => {
    const res = await app.request(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report', 'x-forwarded-for': address },
      body: report(reason),
    });
    return { status: res.status, body: await res.json() };
  };
  const reasons = () =>
    createCspReportStore(t.db)
      .list(1000)
      .map((row) => row.reason);

  beforeEach(() => {
    clock = 1_000_000;
  });

  it('stores a burst, then answers the rest as stored but keeps none, while another address is still heard', async () => {
    const app = limitedApp();
    for (let n = 0; n < CSP_REPORT_BURST.max; n += 1) {
      expect((await sendFrom(app, '198.51.100.7', `burst-${n}`)).status).toBe(200);
    }
    const over = await sendFrom(app, '198.51.100.7', 'over-the-burst');
    expect(over).toEqual({ status: 200, body: { code: '00000', msg: 'success', data: null } });
    expect(await sendFrom(app, '203.0.113.9', 'other-address')).toMatchObject({ status: 200 });
    expect(reasons()).not.toContain('over-the-burst');
    expect(reasons()).toContain('other-address');
    expect(stored()).toHaveLength(CSP_REPORT_BURST.max + 1);
  });

  it('lets a burst through again once its window has passed, up to the sustained rate', async () => {
    const app = limitedApp();
    for (let sent = 0; sent < CSP_REPORT_SUSTAINED.max; sent += CSP_REPORT_BURST.max) {
      for (let n = 0; n < CSP_REPORT_BURST.max; n += 1) await sendFrom(app, '198.51.100.7', `r-${sent + n}`);
      clock += CSP_REPORT_BURST.windowMs;
    }
    expect(createCspReportStore(t.db).count()).toBe(CSP_REPORT_SUSTAINED.max);
    await sendFrom(app, '198.51.100.7', 'over-the-sustained-rate');
    expect(reasons()).not.toContain('over-the-sustained-rate');
    clock += CSP_REPORT_SUSTAINED.windowMs;
    await sendFrom(app, '198.51.100.7', 'after-the-window');
    expect(reasons()).toContain('after-the-window');
  });

  it('counts an IPv6 address by its /64 and an IPv4-mapped one as IPv4', async () => {
    expect(reportSourceOf('2001:db8:1:2::1')).toBe(reportSourceOf('2001:db8:1:2:ffff::9'));
    expect(reportSourceOf('2001:db8:1:2::1')).not.toBe(reportSourceOf('2001:db8:1:3::1'));
    expect(reportSourceOf('::ffff:198.51.100.7')).toBe(reportSourceOf('198.51.100.7'));
    const app = limitedApp();
    for (let n = 0; n < CSP_REPORT_BURST.max; n += 1) await sendFrom(app, `2001:db8:1:2::${n + 1}`, `v6-${n}`);
    await sendFrom(app, '2001:db8:1:2:abcd::1', 'same-64');
    expect(reasons()).not.toContain('same-64');
  });

  it('keeps no address in the store', async () => {
    await sendFrom(limitedApp(), '198.51.100.7', 'where-from');
    const rows = t.db.prepare('SELECT * FROM csp_reports').all();
    expect(JSON.stringify(rows)).not.toContain('198.51.100');
  });
});

describe('the report store under a flood', () => {
  const row = (reason: string): CspReport => ({
    bizType: 'csp',
    event: 'img-src',
    reason,
    page: '/',
    raw: { reason },
  });

  it('keeps each source to its newest share', () => {
    const store = createCspReportStore(t.db);
    for (let n = 0; n < MAX_ROWS_PER_SOURCE + 20; n += 10) {
      store.add(
        Array.from({ length: 10 }, (_, i) => row(`flood-${n + i}`)),
        n,
        'flooder',
      );
    }
    expect(store.count()).toBe(MAX_ROWS_PER_SOURCE);
    expect(store.list(1)[0]?.reason).toBe(`flood-${MAX_ROWS_PER_SOURCE + 19}`);
    expect(store.list(MAX_ROWS_PER_SOURCE).at(-1)?.reason).toBe('flood-20');
  });

  it("takes the room a flood from many sources needs from the largest senders, never from a quiet one's report", () => {
    const store = createCspReportStore(t.db);
    store.add([row('real-report')], 1, 'reader');
    const sources = Math.ceil((MAX_ROWS * 1.5) / MAX_ROWS_PER_SOURCE);
    for (let round = 0; round < MAX_ROWS_PER_SOURCE / 50; round += 1) {
      for (let s = 0; s < sources; s += 1) {
        store.add(
          Array.from({ length: 50 }, (_, i) => row(`forged-${s}-${round}-${i}`)),
          2 + round,
          `forger-${s}`,
        );
      }
    }
    expect(store.count()).toBe(MAX_ROWS);
    const reasons = store.list(MAX_ROWS).map((r) => r.reason);
    expect(reasons).toContain('real-report');
  });
});
