import { type ReactNode, startTransition, useEffect, useState } from 'react';

/** Set once the app shell has committed: from then on, a page that mounts got there by navigation. */
let isAppShown = false;

/** Called by the app shell after its first commit (see {@link PageTransition}). */
export function useMarkAppShown(): void {
  useEffect(() => {
    isAppShown = true;
  }, []);
}

export interface PageTransitionProps {
  children: ReactNode;
}

/**
 * Renders a page that was navigated to in a transition, so React can slice its render: a router
 * change is a synchronous update, and the new page's mount in the same task as the router's own work
 * made one long task on a slow phone (after sign-in, for example). The page of the first load renders
 * at once; `main.tsx` already renders it in a transition. A route wraps its page in it, so each page
 * change remounts it while a change of search params does not.
 */
export function PageTransition({ children }: PageTransitionProps) {
  return useShownAfterTransition(!isAppShown) ? children : null;
}

export interface AfterFirstCommitProps {
  children: ReactNode;
}

/**
 * On the first load, renders its children one transition after the app's first commit; after that, at once.
 * The first commit (header and page title, over the static shell) and the rest of the page are then two short
 * tasks with a layout each, instead of one commit whose DOM insertion and layout made a long task on a slow phone.
 */
export function AfterFirstCommit({ children }: AfterFirstCommitProps) {
  return useShownAfterTransition(isAppShown) ? children : null;
}

/** True at once when `isShownNow`, else false until one transition after mount. */
function useShownAfterTransition(isShownNow: boolean): boolean {
  const [isShown, setShown] = useState(isShownNow);
  useEffect(() => {
    if (!isShown) startTransition(() => setShown(true));
  }, [isShown]);
  return isShown;
}
