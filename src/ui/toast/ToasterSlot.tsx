import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { usePageShown } from '../page-shown';
import { toastState } from './toast-state';

/** The toast stack's code, fetched once a page has shown its figures or when a toast comes first, whichever is sooner. */
const Toaster = lazy(() => import('./Toaster').then((module) => ({ default: module.Toaster })));

/**
 * Where the toast stack mounts. No page opens with a toast, so the stack's code stays out of what every page loads
 * before its first render; it is fetched once the page has shown its figures (so a later toast appears at once), or
 * straight away when a toast is raised before that. The build precaches it with every other file, so an offline
 * page still shows its toasts.
 */
export function ToasterSlot() {
  const { toasts } = useSnapshot(toastState);
  const isDue = usePageShown(3000) || toasts.length > 0;
  if (!isDue) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
