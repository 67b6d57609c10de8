import { describe, expect, it } from 'vitest';
import { BRIDGE_METHODS, type BridgeMethod } from '../../../engine/rules/bridge';
import { type BridgeWindow, createBridge } from '../../../src/bridge/bridge';

const USER_AGENTS = {
  android: (version: string) =>
    `Mozilla/5.0 (Linux; Android 12; SM-A135F; wv) AppleWebKit/537.36 Chrome/120.0.0.0 Mobile Safari/537.36 ExchangeApp/${version}`,
  ios: (version: string) =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 ExchangeApp/${version}`,
};

/** The app's window on a platform and version, with the transport the app injects there; records what arrives. */
function appWindow(platform: 'android' | 'ios', version: string) {
  const sent: { id: string; method: string }[] = [];
  const win: BridgeWindow = { navigator: { userAgent: USER_AGENTS[platform](version) } };
  if (platform === 'android') win.AppBridge = { postMessage: (text: string) => sent.push(JSON.parse(text)) };
  else win.webkit = { messageHandlers: { AppBridge: { postMessage: (message) => sent.push(message as never) } } };
  return { win, sent };
}

/** The version just below `minimum`: 1.2.51 → 1.2.50, 2.8.0 → 2.7.99, 2.15.0 → 2.14.99. */
function justBelow([major, minor, patch]: readonly [number, number, number]): string {
  return patch > 0 ? `${major}.${minor}.${patch - 1}` : `${major}.${minor - 1}.99`;
}

/**
 * Every method of the contract's table (§3) on Android and on iOS, at its minimum version and just below it: sent
 * exactly when the version reaches the minimum and the platform takes it; otherwise never reaching the app, with the
 * reason the caller's web fallback reads.
 */
describe('every bridge method at both sides of its version gate, on both platforms', () => {
  for (const method of Object.keys(BRIDGE_METHODS) as BridgeMethod[]) {
    const rule = BRIDGE_METHODS[method];
    const at = rule.minVersion.join('.');
    for (const platform of ['android', 'ios'] as const) {
      const takes = rule.platform === 'both' || rule.platform === platform;
      it(`${method} on ${platform}: ${justBelow(rule.minVersion)} not sent, ${at} ${takes ? 'sent' : 'skipped'}`, async () => {
        const below = appWindow(platform, justBelow(rule.minVersion));
        await expect(createBridge(below.win).call(method)).resolves.toEqual({ sent: false, reason: 'below-version' });
        expect(below.sent).toEqual([]);

        const gate = appWindow(platform, at);
        const bridge = createBridge(gate.win);
        expect(bridge.canCall(method)).toBe(takes);
        const answer = bridge.call(method, {});
        if (!takes) {
          await expect(answer).resolves.toEqual({ sent: false, reason: 'skipped-platform' });
          expect(gate.sent).toEqual([]);
          return;
        }
        expect(gate.sent.map((message) => message.method)).toEqual([method]);
        gate.win.__appBridge?.onReply(gate.sent[0].id, { code: '00000', data: { ok: true } });
        await expect(answer).resolves.toEqual({ sent: true, data: { ok: true } });
      });
    }
  }
});
