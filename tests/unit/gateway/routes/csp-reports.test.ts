import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCspReportStore } from '../../../../gateway/db/csp-report-store';
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

    it('nested garbage → 400 naming the field', async () => {
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
        const res = await send(JSON.stringify(body), 'application/json');
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((await res.json()).code).toBe('40002');
      }
    });

    it('invalid JSON → 400 40001', async () => {
      const res = await send('{"csp-report": {', 'application/csp-report');
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('40001');
    });

    afterEach(() => {
      expect(stored()).toHaveLength(0);
    });
  });
});
