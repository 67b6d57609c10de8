import { tellApp } from '../bridge/app-bridge';
import { api, requestSecurity } from '../security/secured-api';
import { RequestError } from '../api/request';
import { yieldToMain } from '../ui/yield-to-main';
import { markSignedIn, markSignedOut } from '../session/auth-state';

interface UserInfo {
  isLogin?: boolean;
  userId?: string;
  email?: string;
  mobile?: string;
  nickName?: string;
  isSub?: boolean;
  isDemo?: boolean;
}

function displayNameOf(info: UserInfo): string {
  return info.nickName || info.email || info.mobile || String(info.userId ?? '');
}

/** Asks the gateway who is signed in (spec §7.5 userinfo; a 00005 reply resolves with `isLogin: false`). */
export async function refreshUser(): Promise<void> {
  try {
    const info = await api.get<UserInfo | null>('/user/overview/userinfo', { silent: true });
    // The reply's parsing and the request layer's work end with this task; the signed-in header renders in the
    // next, and the setting's storage and cookie writes in the one after (together, a long task on a slow phone).
    await yieldToMain();
    if (info?.isLogin && info.userId) {
      await markSignedIn({
        userId: String(info.userId),
        displayName: displayNameOf(info),
        isSub: info.isSub === true,
        isDemo: info.isDemo === true,
      });
      return;
    }
  } catch (error) {
    // A network failure leaves the last known state; only a real answer changes it.
    if (!(error instanceof RequestError) || error.kind === 'network' || error.kind === 'timeout') return;
  }
  markSignedOut();
}

/**
 * The one way into a new session (a sign-in, a registration, an account switch: the gateway has just issued it): the
 * crypto worker binds the device key to the new login token and user (signing contract §2), then the page reads who
 * is signed in and shows it.
 */
export async function beginSession(userId: string): Promise<void> {
  await requestSecurity.afterLogin(userId);
  await refreshUser();
}

/** Ends the session on the gateway, then locally whatever the gateway answered. */
export async function signOut(): Promise<void> {
  try {
    await api.post('/user/logout', { silent: true });
  } finally {
    markSignedOut();
    // Inside the app, the app signs out with the page (outside it nothing is sent).
    tellApp('logout');
  }
}
