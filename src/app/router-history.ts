import { createBrowserHistory, type RouterHistory } from '@tanstack/react-router';
import { yieldToMain } from '../ui/yield-to-main';

/**
 * The browser's history, whose listeners (the router's load) hear of a change in the task after it. Chromium's
 * `pushState` and the router's matching and synchronous re-render of every link made one task of each navigation,
 * a long one on a slow phone (the landing after sign-in, for one); split, they are two short ones.
 */
export function historyHeardNextTask(): RouterHistory {
  const history = createBrowserHistory();
  const subscribe = history.subscribe;
  history.subscribe = (listener) => subscribe((change) => void yieldToMain().then(() => listener(change)));
  return history;
}
