import { proxy } from 'valtio';
import { updateSetting } from '../settings/settings';

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
