import { proxy } from 'valtio';
import { updateSetting } from '../settings/settings';
import { yieldToMain } from '../ui/yield-to-main';

/** What the UI knows of the signed-in user (view state; the session itself lives in an HttpOnly cookie). */
export interface SignedInUser {
  userId: string;
  displayName: string;
  isSub: boolean;
  isDemo: boolean;
}

export const authState = proxy({
  status: 'unknown' as 'unknown' | 'anonymous' | 'signedIn',
  user: null as SignedInUser | null,
});

/**
 * Shows the user signed in, then tells the other tabs (the setting's storage write, a task later: its storage and
 * cookie writes with the signed-in header's render are a long task on a slow phone). Signing in and out are both
 * written here and only here.
 */
export async function markSignedIn(user: SignedInUser): Promise<void> {
  authState.user = user;
  authState.status = 'signedIn';
  await yieldToMain();
  updateSetting('login', true);
}

/** Forgets the user locally (after logout, an expired login or an invalid signature), and tells the other tabs. */
export function markSignedOut(): void {
  showSignedOut();
  // The setting's storage write is what the other tabs of this origin hear (a `storage` event) to sign out too.
  updateSetting('login', false);
}

/** Shows this tab signed out without writing the login setting (another tab has written it already). */
export function showSignedOut(): void {
  if (authState.user !== null) authState.user = null;
  if (authState.status !== 'anonymous') authState.status = 'anonymous';
}
