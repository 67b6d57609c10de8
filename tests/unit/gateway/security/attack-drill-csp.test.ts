import { describe, expect, it } from 'vitest';
import { createCspReportStore } from '../../../../gateway/security/csp-report-store';
import { CSP_REPORT_BURST } from '../../../../gateway/security/csp-report-routes';
import type { Ds1Device } from './ds1-device';
import { setUpDrill } from './drill-harness';

// The attack drill on the report endpoint (spec §7.7): anyone may post reports, so one address flooding it must
// neither fill the store nor push out what readers reported.

const drill = setUpDrill();
const { device } = drill;

const REPORT_PATH = '/v1/buried/log/cspSecurity';

/** Posts a report in the page's shape (spec §7.7) from `at`: its status and code. */
async function report(at: Ds1Device, reason: string): Promise<string> {
  const body = { bizType: 'csp', data: { event: 'script-src-attr', reason }, timestamp: Date.now(), page: '/en' };
  const { status, reply } = await at.send('POST', REPORT_PATH, body, {
    extraHeaders: { 'content-type': 'application/csp-report' },
  });
  return `${status} ${reply.code}`;
}

const storedReasons = () =>
  createCspReportStore(drill.gateway.db)
    .list(1000)
    .map((row) => row.reason);

describe('attack: 501 forged reports in a burst from one address', () => {
  it("keeps at most a burst of them, every reply alike, and a reader's report before and after the flood", async () => {
    const reader = device('198.51.100.31');
    expect(await report(reader, 'reader-before')).toBe('200 00000');
    const flooder = device('203.0.113.44');
    const outcomes = await Promise.all(Array.from({ length: 501 }, (_, n) => report(flooder, `forged-${n}`)));
    // Nothing tells the flooder where the limit is, and no browser queue retries a refusal.
    expect(new Set(outcomes)).toEqual(new Set(['200 00000']));
    const forged = storedReasons().filter((reason) => reason.startsWith('forged-'));
    expect(forged.length).toBeGreaterThan(0);
    expect(forged.length).toBeLessThanOrEqual(CSP_REPORT_BURST.max);
    expect(await report(reader, 'reader-after')).toBe('200 00000');
    expect(storedReasons()).toEqual(expect.arrayContaining(['reader-before', 'reader-after']));
  }, 60_000);
});
