import { createRootRoute, Outlet, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { AppHeader } from '../app/AppHeader';
import { mayBeInApp } from '../bridge/app-bridge';
import { NotFound } from '../app/NotFound';
import { DocumentTitle } from '../app/page-title';
import { useT } from '../i18n/i18n';
import { useMarkAppShown } from '../ui/PageTransition';
import { usePageShown } from '../ui/page-shown';
import { ToasterSlot } from '../ui/toast/ToasterSlot';
import { simulationTargetFor } from '../simulation/simulation';

/** The footer's links, loaded once the page has shown its figures (nothing of it runs before the first render). */
const SiteFooter = lazy(() => import('../app/footer/SiteFooter'));

function AppShell() {
  const t = useT();
  useMarkAppShown();
  const inApp = mayBeInApp();
  const footerDue = usePageShown(3000) && !inApp;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      {/* Inside the native app, the app's own title bar and navigation stand in for the web header. */}
      {inApp ? <DocumentTitle /> : <AppHeader />}
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {footerDue && (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
      <ToasterSlot />
    </>
  );
}

/** The shell every page renders in: header, main landmark, toasts. */
export const Route = createRootRoute({
  // Simulation mode may stay on only in its areas (spec §2.1, §4): any other page goes to the default spot page.
  beforeLoad: ({ location }) => {
    const to = simulationTargetFor(location.pathname);
    if (to) throw redirect({ to, replace: true });
  },
  component: AppShell,
  notFoundComponent: NotFound,
});
