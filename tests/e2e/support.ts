import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Records CSP violations seen by the page, so a test can assert there were none. */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
}

/**
 * Faults seen only by one page: its requests (its workers' too) carry a scope header, and the faults it arms
 * match that scope alone, so tests running in parallel against one gateway never see each other's faults.
 */
export async function scopedFaults(page: Page, request: APIRequestContext) {
  const scope = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await page.setExtraHTTPHeaders({ 'x-fault-scope': scope });
  return {
    async inject(fault: Record<string, unknown>): Promise<void> {
      const response = await request.post('/__faults', { data: { ...fault, scope } });
      if (!response.ok()) throw new Error(`fault switch refused: ${response.status()}`);
    },
    async clear(): Promise<void> {
      await request.delete(`/__faults?scope=${scope}`);
    },
  };
}

/** The newest code the dev mailbox holds for a target (local mode only). */
export async function mailboxCode(request: APIRequestContext, target: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const reply = await (await request.get(`/dev/mailbox.json?target=${encodeURIComponent(target)}&limit=1`)).json();
      code = reply.data?.[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}
