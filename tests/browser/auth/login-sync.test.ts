import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../src/session/auth-state';
import { watchLoginElsewhere } from '../../../src/auth/login-sync';
import { settingsState } from '../../../src/settings/settings';

const LOGIN_KEY = 'global_login';
let otherTab: HTMLIFrameElement;
let stop: () => void = () => undefined;

/** Writes local storage from another document of this origin, as another tab would, and waits for this one to hear it. */
async function writeFromOtherTab(key: string, value: string): Promise<void> {
  const heard = new Promise<void>((resolve) => window.addEventListener('storage', () => resolve(), { once: true }));
  otherTab.contentWindow!.localStorage.setItem(key, value);
  await heard;
}

function showSignedIn(): void {
  authState.user = { userId: '1001', displayName: 'demo', isSub: false, isDemo: false };
  authState.status = 'signedIn';
  settingsState.login = true;
}

beforeEach(() => {
  otherTab = document.createElement('iframe');
  document.body.append(otherTab);
});

afterEach(() => {
  stop();
  otherTab.remove();
  authState.user = null;
  authState.status = 'unknown';
  settingsState.login = false;
  localStorage.clear();
});

describe('watchLoginElsewhere', () => {
  it('shows this tab signed out when another tab signs out or sees its login expire', async () => {
    localStorage.setItem(LOGIN_KEY, 'true');
    showSignedIn();
    const refreshUser = vi.fn(async () => undefined);
    stop = watchLoginElsewhere(refreshUser);
    await writeFromOtherTab(LOGIN_KEY, 'false');
    expect(authState.status).toBe('anonymous');
    expect(authState.user).toBeNull();
    expect(settingsState.login).toBe(false);
    expect(refreshUser).not.toHaveBeenCalled();
  });

  it('asks who is signed in when another tab signs in', async () => {
    localStorage.setItem(LOGIN_KEY, 'false');
    authState.status = 'anonymous';
    const refreshUser = vi.fn(async () => undefined);
    stop = watchLoginElsewhere(refreshUser);
    await writeFromOtherTab(LOGIN_KEY, 'true');
    expect(refreshUser).toHaveBeenCalledTimes(1);
    expect(settingsState.login).toBe(true);
  });

  it('does not ask again when this tab already shows the user signed in', async () => {
    localStorage.setItem(LOGIN_KEY, 'false');
    showSignedIn();
    const refreshUser = vi.fn(async () => undefined);
    stop = watchLoginElsewhere(refreshUser);
    await writeFromOtherTab(LOGIN_KEY, 'true');
    expect(refreshUser).not.toHaveBeenCalled();
    expect(authState.status).toBe('signedIn');
  });

  it('leaves this tab as it is when another tab changes another setting', async () => {
    localStorage.setItem(LOGIN_KEY, 'true');
    localStorage.setItem('global_show_asset', 'true');
    showSignedIn();
    stop = watchLoginElsewhere(vi.fn(async () => undefined));
    await writeFromOtherTab('global_show_asset', 'false');
    expect(authState.status).toBe('signedIn');
  });

  it('stops hearing the other tabs once stopped', async () => {
    localStorage.setItem(LOGIN_KEY, 'true');
    showSignedIn();
    watchLoginElsewhere(vi.fn(async () => undefined))();
    await writeFromOtherTab(LOGIN_KEY, 'false');
    expect(authState.status).toBe('signedIn');
  });
});
