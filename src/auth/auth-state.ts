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

/** Forgets the user locally (after logout, an expired login or an invalid signature). */
export function markSignedOut(): void {
  if (authState.user !== null) authState.user = null;
  if (authState.status !== 'anonymous') authState.status = 'anonymous';
  updateSetting('login', false);
}
