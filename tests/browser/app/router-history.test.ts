import { afterEach, describe, expect, it } from 'vitest';
import { historyHeardNextTask } from '../../../src/app/router-history';

const start = location.pathname + location.search;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('router history', () => {
  afterEach(() => history.replaceState(history.state, '', start));

  it('writes the address in the navigating task and tells its listeners in a later one', async () => {
    const routerHistory = historyHeardNextTask();
    const heard: { type: string; path: string; addressThen: string }[] = [];
    const stop = routerHistory.subscribe(({ action, location: at }) =>
      heard.push({ type: action.type, path: at.pathname, addressThen: location.pathname }),
    );
    routerHistory.push('/spot/BTCUSDT');
    await Promise.resolve();
    await Promise.resolve();
    // Same task: the address has changed (pushState ran in a microtask), the router has not been told yet.
    expect(location.pathname).toBe('/spot/BTCUSDT');
    expect(routerHistory.location.pathname).toBe('/spot/BTCUSDT');
    expect(heard).toEqual([]);
    await nextTask();
    await nextTask();
    expect(heard).toEqual([{ type: 'PUSH', path: '/spot/BTCUSDT', addressThen: '/spot/BTCUSDT' }]);
    stop();
  });

  it('keeps the order of changes and stops telling a listener that unsubscribed', async () => {
    const routerHistory = historyHeardNextTask();
    const heard: string[] = [];
    const stop = routerHistory.subscribe(({ location: at }) => heard.push(at.pathname));
    routerHistory.push('/login');
    routerHistory.replace('/register');
    await nextTask();
    await nextTask();
    expect(heard).toEqual(['/login', '/register']);
    stop();
    routerHistory.push('/');
    await nextTask();
    await nextTask();
    expect(heard).toEqual(['/login', '/register']);
    // The router counts its listeners to know whether to load by itself: the wrapped one is counted, then gone.
    expect(routerHistory.subscribers.size).toBe(0);
  });
});
