import { watchSettingElsewhere } from '../settings/settings';
import { authState, showSignedOut } from '../session/auth-state';

/**
 * Keeps this tab's sign-in in step with the other tabs of this origin: when one signs out or sees its login expire,
 * this one shows signed out at once; when one signs in, this one asks who is signed in. Returns the function that stops.
 */
export function watchLoginElsewhere(refreshUser: () => Promise<void> = refreshUserLazily): () => void {
  return watchSettingElsewhere('login', (isLoggedIn) => {
    // The other tab has written the setting and its cookie: this handler only changes the view, nothing is rewritten.
    if (!isLoggedIn) showSignedOut();
    else if (authState.status !== 'signedIn') void refreshUser();
  });
}

function refreshUserLazily(): Promise<void> {
  // The sign-in code is loaded only once a session exists, so an anonymous tab never pays for it.
  return import('./auth-actions').then((m) => m.refreshUser());
}
