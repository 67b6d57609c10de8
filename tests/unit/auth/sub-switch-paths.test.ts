import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { path: string; params?: unknown }[] = [];
let inApp = false;

vi.mock('../../../src/security/secured-api', () => ({
  api: {
    post: vi.fn(async (path: string, options?: { params?: unknown }) => {
      calls.push({ path, params: options?.params });
      return { userId: '7', isSub: false, isDemo: false, parentId: null, nickName: 'x' };
    }),
    get: vi.fn(),
  },
  requestSecurity: { afterLogin: vi.fn(async () => undefined) },
}));
vi.mock('../../../src/bridge/app-bridge', () => ({ mayBeInApp: () => inApp }));
vi.mock('../../../src/auth/auth-actions', () => ({ beginSession: vi.fn(async () => undefined) }));

const { switchAccount } = await import('../../../src/auth/sub-accounts');

beforeEach(() => {
  calls.length = 0;
  inApp = false;
});

describe('switchAccount uses the spec §7.5 endpoint that fits', () => {
  it('switches to a sub-account with switchWeb on the web and switchApp inside the app', async () => {
    await switchAccount({ userId: '11', isDemo: false, isMain: false });
    inApp = true;
    await switchAccount({ userId: '11', isDemo: false, isMain: false });
    expect(calls).toEqual([
      { path: '/user/sub/switchWeb', params: { userId: '11' } },
      { path: '/user/sub/switchApp', params: { userId: '11' } },
    ]);
  });

  it('goes back to the main account with switLogin, on the web and in the app', async () => {
    await switchAccount({ userId: '10', isDemo: false, isMain: true });
    inApp = true;
    await switchAccount({ userId: '10', isDemo: false, isMain: true });
    expect(calls.map((call) => call.path)).toEqual(['/user/sub/switLogin', '/user/sub/switLogin']);
    expect(calls[0]?.params).toEqual({ userId: '10' });
  });

  it('enters the demo account with switchLoginDemo from the switcher and switchTradeDemo from simulation', async () => {
    await switchAccount({ userId: null, isDemo: true });
    await switchAccount({ userId: null, isDemo: true }, 'trade');
    expect(calls).toEqual([
      { path: '/user/sub/switchLoginDemo', params: undefined },
      { path: '/user/sub/switchTradeDemo', params: undefined },
    ]);
  });
});
