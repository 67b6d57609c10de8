import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/security/secured-api';
import type { RequestError } from '../../../src/api/request';
import { authState } from '../../../src/session/auth-state';
import { closeAllToasts } from '../../../src/ui/toast/toast-state';

/** A URL whose GET answers the given envelope: the layer classifies its reply as it would the gateway's. */
function replyUrl(envelope: Record<string, unknown>): string {
  return URL.createObjectURL(new Blob([JSON.stringify(envelope)], { type: 'application/json' }));
}

afterEach(() => {
  authState.user = null;
  authState.status = 'unknown';
  closeAllToasts();
  localStorage.clear();
});

describe('the app request layer on a login-expired reply (spec §8)', () => {
  it('shows this tab signed out at once and tells the other tabs through the login setting', async () => {
    authState.user = { userId: '1001', displayName: 'demo', isSub: false, isDemo: false };
    authState.status = 'signedIn';
    localStorage.setItem('global_login', 'true');
    const error = await api
      .get(replyUrl({ code: '20906', msg: 'Login expired', data: null }), { silent: true })
      .catch((e: RequestError) => e);
    expect(error).toMatchObject({ kind: 'login-expired' });
    expect(authState.status).toBe('anonymous');
    expect(authState.user).toBeNull();
    expect(localStorage.getItem('global_login')).toBe('false');
  });
});
