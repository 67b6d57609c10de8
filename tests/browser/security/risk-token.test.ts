import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../../src/platform/storage';
import {
  currentRiskToken,
  loadSdkScript,
  type RiskSdk,
  type RiskTokenDeps,
  refreshRiskToken,
  renewRiskToken,
  resetRiskToken,
  riskTokenState,
  startRiskToken,
} from '../../../src/security/risk-token';

function deps(sdk: RiskSdk | Error, over: Partial<RiskTokenDeps> = {}): RiskTokenDeps {
  return {
    sdkUrl: '/risk-sdk.js',
    endpoint: '/v1/constantid/udid/c1',
    now: () => Date.now(),
    loadSdk: () => (sdk instanceof Error ? Promise.reject(sdk) : Promise.resolve(sdk)),
    isVisible: () => true,
    ...over,
  };
}

afterEach(() => {
  resetRiskToken();
  vi.useRealTimers();
  document.cookie = 'risk_token=; max-age=0; path=/';
  localStorage.clear();
});

describe('risk-control token', () => {
  it('stores a 40-character token as success, in a 7-day cookie', async () => {
    await refreshRiskToken(deps({ getToken: async () => 'a'.repeat(40) }));
    expect(riskTokenState.status).toBe('success');
    expect(currentRiskToken()).toBe('a'.repeat(40));
    expect(readCookie('risk_token')).toBe('a'.repeat(40));
  });

  it('demotes a token of another length, sends it, but does not store it', async () => {
    await refreshRiskToken(deps({ getToken: async () => 'short-token' }));
    expect(riskTokenState.status).toBe('demoted');
    expect(currentRiskToken()).toBe('short-token');
    expect(readCookie('risk_token')).toBeNull();
  });

  it('retries a failed fetch once after 1 s, then reports error', async () => {
    const getToken = vi.fn().mockRejectedValue(new Error('down'));
    const started = performance.now();
    await refreshRiskToken(deps({ getToken }));
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(riskTokenState.status).toBe('error');
    expect(currentRiskToken()).toBeNull();
  });

  it('gives error when the SDK script is missing', async () => {
    await refreshRiskToken(deps(new Error('missing')));
    expect(riskTokenState.status).toBe('error');
    await expect(loadSdkScript('/no-such-risk-sdk.js')).rejects.toThrow();
  });

  it('times out after 10 s', async () => {
    vi.useFakeTimers();
    const pending = refreshRiskToken(deps({ getToken: () => new Promise(() => {}) }));
    await vi.advanceTimersByTimeAsync(10_000);
    await pending;
    expect(riskTokenState.status).toBe('timeout');
  });

  it('reuses a stored token inside its 14 400 s and refreshes every 1200 s while visible', async () => {
    vi.useFakeTimers({ now: 1_000_000_000_000 });
    document.cookie = `risk_token=${'b'.repeat(40)}; path=/`;
    localStorage.setItem('risk_token_at', String(Date.now() - 1000));
    const getToken = vi.fn().mockResolvedValue('c'.repeat(40));
    let visible = false;
    const stop = startRiskToken(deps({ getToken }, { isVisible: () => visible }));
    expect(currentRiskToken()).toBe('b'.repeat(40));
    expect(getToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_200_000);
    expect(getToken).not.toHaveBeenCalled();
    visible = true;
    await vi.advanceTimersByTimeAsync(1_200_000);
    expect(getToken).toHaveBeenCalledTimes(1);
    expect(currentRiskToken()).toBe('c'.repeat(40));
    stop();
  });

  it('fetches anew when the stored token is past its expiry', async () => {
    document.cookie = `risk_token=${'b'.repeat(40)}; path=/`;
    localStorage.setItem('risk_token_at', String(Date.now() - 14_400_001));
    const getToken = vi.fn().mockResolvedValue('d'.repeat(40));
    const stop = startRiskToken(deps({ getToken }));
    await vi.waitFor(() => expect(currentRiskToken()).toBe('d'.repeat(40)));
    stop();
  });
});

describe('renewing a refused risk token', () => {
  it('fetches a fresh token after the gateway refused the one held, and sends that from then on', async () => {
    const getToken = vi.fn().mockResolvedValueOnce('a'.repeat(40)).mockResolvedValueOnce('b'.repeat(40));
    const stop = startRiskToken(deps({ getToken }));
    await vi.waitFor(() => expect(currentRiskToken()).toBe('a'.repeat(40)));
    expect(await renewRiskToken('a'.repeat(40))).toBe('b'.repeat(40));
    expect(currentRiskToken()).toBe('b'.repeat(40));
    expect(readCookie('risk_token')).toBe('b'.repeat(40));
    stop();
  });

  it('gives nothing when the SDK answers with the refused token again', async () => {
    const same = vi.fn().mockResolvedValue('a'.repeat(40));
    const stop = startRiskToken(deps({ getToken: same }));
    await vi.waitFor(() => expect(currentRiskToken()).toBe('a'.repeat(40)));
    expect(await renewRiskToken('a'.repeat(40))).toBeNull();
    expect(same).toHaveBeenCalledTimes(2);
    stop();
  });

  it('gives nothing when the fetch fails twice (the gateway refused to issue one), and the status is error', async () => {
    vi.useFakeTimers();
    const failing = vi.fn().mockRejectedValue(new Error('risk endpoint answered 429'));
    const stop = startRiskToken(deps({ getToken: failing }));
    await vi.advanceTimersByTimeAsync(1000);
    const renewed = renewRiskToken(null);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await renewed).toBeNull();
    expect(failing).toHaveBeenCalledTimes(4);
    expect(riskTokenState.status).toBe('error');
    stop();
  });

  it('asks the SDK once for several calls refused together', async () => {
    const getToken = vi.fn().mockResolvedValueOnce('a'.repeat(40)).mockResolvedValue('c'.repeat(40));
    const stop = startRiskToken(deps({ getToken }));
    await vi.waitFor(() => expect(currentRiskToken()).toBe('a'.repeat(40)));
    const renewed = await Promise.all([renewRiskToken('a'.repeat(40)), renewRiskToken('a'.repeat(40))]);
    expect(renewed).toEqual(['c'.repeat(40), 'c'.repeat(40)]);
    expect(getToken).toHaveBeenCalledTimes(2);
    stop();
  });
});
