import { afterEach, describe, expect, it } from 'vitest';
import { tellWorkerWhoIsSignedIn } from '../../../src/app/cache-user';
import { authState } from '../../../src/session/auth-state';

afterEach(() => {
  authState.status = 'unknown';
  authState.user = null;
});

const user = (userId: string) => ({ userId, displayName: userId, isSub: false, isDemo: false });

describe('tellWorkerWhoIsSignedIn', () => {
  it('says who is signed in once known, each change once, and again when a worker takes the page', async () => {
    const posted: unknown[] = [];
    let auth: () => void = () => undefined;
    let controller: () => void = () => undefined;
    tellWorkerWhoIsSignedIn({
      watchAuth: (listener) => {
        auth = listener;
        listener();
      },
      watchController: (listener) => {
        controller = listener;
      },
      postToWorker: (message) => posted.push(message),
    });
    // Still checking: nothing, not even "nobody" (which would make the worker forget the user's replies).
    controller();
    expect(posted).toEqual([]);
    authState.status = 'signedIn';
    authState.user = user('1001');
    auth();
    auth();
    authState.user = user('2002');
    auth();
    authState.status = 'anonymous';
    authState.user = null;
    auth();
    controller();
    expect(posted).toEqual([
      { type: 'cache-user', userId: '1001' },
      { type: 'cache-user', userId: '2002' },
      { type: 'cache-user', userId: null },
      { type: 'cache-user', userId: null },
    ]);
  });
});
