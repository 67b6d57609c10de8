import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCEPTED_FOR_MS,
  type ServiceWorkerDeps,
  startServiceWorker,
  TAKE_OVER_WAIT_MS,
  UPDATE_CHECK_MS,
} from '../../../src/app/service-worker';
import { closeAllToasts, runToastAction, toastState } from '../../../src/ui/toast/toast-state';

type Listener = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;

/** workbox-window as the page sees it: events the test fires, and what the page asked of it. */
function fakeWorkbox(registration: 'ok' | 'none' | 'refused' = 'ok', stored: Record<string, string> = {}) {
  const listeners = new Map<string, Listener[]>();
  const calls = {
    register: 0,
    skipWaiting: 0,
    update: 0,
    reloads: 0,
    intervals: [] as number[],
    timeouts: [] as number[],
  };
  let tick: () => void = () => undefined;
  let timeUp: () => void = () => undefined;
  const clock = { now: 1_000_000 };
  /** The tab's session storage, which outlives its reloads. */
  const tab = new Map(Object.entries(stored));
  const deps: ServiceWorkerDeps = {
    createWorkbox: () =>
      ({
        addEventListener: (type: string, listener: Listener) =>
          listeners.set(type, [...(listeners.get(type) ?? []), listener]),
        register: async () => {
          calls.register += 1;
          if (registration === 'refused') throw new DOMException('Service workers are disabled', 'SecurityError');
          return registration === 'none' ? undefined : ({} as ServiceWorkerRegistration);
        },
        messageSkipWaiting: () => {
          calls.skipWaiting += 1;
        },
        update: async () => {
          calls.update += 1;
        },
      }) as unknown as ReturnType<ServiceWorkerDeps['createWorkbox']>,
    reload: () => {
      calls.reloads += 1;
    },
    setInterval: (callback, ms) => {
      tick = callback;
      calls.intervals.push(ms);
      return 0;
    },
    setTimeout: (callback, ms) => {
      timeUp = callback;
      calls.timeouts.push(ms);
      return 0;
    },
    now: () => clock.now,
    tabStorage: () => ({
      getItem: (key) => tab.get(key) ?? null,
      setItem: (key, value) => void tab.set(key, value),
      removeItem: (key) => void tab.delete(key),
    }),
  };
  const fire = (type: string, event: Parameters<Listener>[0] = {}) => {
    for (const listener of listeners.get(type) ?? []) listener(event);
  };
  return { deps, calls, fire, tab, clock, tick: () => tick(), timeUp: () => timeUp() };
}

const updateToast = () => toastState.toasts.find((toast) => toast.message === 'A new version of the app is available.');

afterEach(() => closeAllToasts());

describe('startServiceWorker', () => {
  it('registers, checks for a new build every hour, and offers a waiting one with a Reload that moves this tab', async () => {
    const { deps, calls, fire, tick } = fakeWorkbox();
    await startServiceWorker(deps);
    expect(calls.register).toBe(1);
    expect(calls.intervals).toEqual([UPDATE_CHECK_MS]);
    tick();
    expect(calls.update).toBe(1);
    // The browser's first worker takes the page: nothing to say, nothing to reload.
    fire('controlling', { isUpdate: false });
    expect(updateToast()).toBeUndefined();
    expect(calls.reloads).toBe(0);
    fire('waiting');
    const toast = updateToast();
    expect(toast).toMatchObject({ type: 'info', duration: 0, actionLabel: 'Reload' });
    runToastAction(toast?.id ?? -1);
    expect(calls.skipWaiting).toBe(1);
    expect(calls.reloads).toBe(0);
    // The new worker took over because this tab asked: it reloads onto the new build.
    fire('controlling', { isUpdate: true, isExternal: true });
    expect(calls.reloads).toBe(1);
  });

  it('leaves a browser that refuses the worker without it, and without an error', async () => {
    for (const refusal of ['none', 'refused'] as const) {
      const { deps, calls } = fakeWorkbox(refusal);
      await expect(startServiceWorker(deps)).resolves.toBeUndefined();
      expect(calls).toMatchObject({ register: 1, intervals: [] });
    }
  });

  it('asks before reloading a tab another tab moved onto the new build', async () => {
    const { deps, calls, fire } = fakeWorkbox();
    await startServiceWorker(deps);
    fire('controlling', { isUpdate: true, isExternal: true });
    expect(calls.reloads).toBe(0);
    const toast = updateToast();
    expect(toast?.actionLabel).toBe('Reload');
    runToastAction(toast?.id ?? -1);
    expect(calls.reloads).toBe(1);
    expect(calls.skipWaiting).toBe(0);
  });

  it('reloads a tab whose user chose Reload even when the new worker is slow to take it, and only once', async () => {
    const { deps, calls, fire, timeUp } = fakeWorkbox();
    await startServiceWorker(deps);
    fire('waiting');
    runToastAction(updateToast()?.id ?? -1);
    expect(calls.skipWaiting).toBe(1);
    expect(calls.timeouts).toEqual([TAKE_OVER_WAIT_MS]);
    expect(calls.reloads).toBe(0);
    timeUp();
    expect(calls.reloads).toBe(1);
    // The worker takes the tab as it goes: no second reload.
    fire('controlling', { isUpdate: true, isExternal: true });
    expect(calls.reloads).toBe(1);
  });

  it('does not offer the new build again to the page its user’s Reload opened, once', async () => {
    const first = fakeWorkbox();
    await startServiceWorker(first.deps);
    first.fire('waiting');
    runToastAction(updateToast()?.id ?? -1);
    first.timeUp();
    closeAllToasts();
    // The reloaded page: the same tab's storage, a few seconds later; the new worker takes it after it opened.
    const reloaded = fakeWorkbox('ok', Object.fromEntries(first.tab));
    reloaded.clock.now = first.clock.now + 5_000;
    await startServiceWorker(reloaded.deps);
    expect(reloaded.tab.size).toBe(0);
    reloaded.fire('controlling', { isUpdate: true, isExternal: true });
    expect(updateToast()).toBeUndefined();
    expect(reloaded.calls.reloads).toBe(0);
    // A later build taken by another tab's choice is offered as usual.
    reloaded.fire('controlling', { isUpdate: true, isExternal: true });
    expect(updateToast()?.actionLabel).toBe('Reload');
  });

  it('offers the new build to a page whose note of a Reload is older than a minute', async () => {
    const { deps, fire, clock } = fakeWorkbox('ok', { 'sw-update-accepted-at': String(1_000_000) });
    clock.now = 1_000_000 + ACCEPTED_FOR_MS + 1;
    await startServiceWorker(deps);
    fire('controlling', { isUpdate: true, isExternal: true });
    expect(updateToast()?.actionLabel).toBe('Reload');
  });
});
