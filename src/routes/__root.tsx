import { createRootRoute, Outlet, redirect } from '@tanstack/react-router';
import { AppHeader } from '../app/AppHeader';
import { mayBeInApp } from '../bridge/app-bridge';
import { NotFound } from '../app/NotFound';
import { DocumentTitle } from '../app/page-title';
import { useT } from '../i18n/i18n';
import { useMarkAppShown } from '../ui/PageTransition';
import { Toaster } from '../ui/toast/Toaster';
import { simulationTargetFor } from '../simulation/simulation';

function AppShell() {
  const t = useT();
  useMarkAppShown();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      {/* Inside the native app, the app's own title bar and navigation stand in for the web header. */}
      {mayBeInApp() ? <DocumentTitle /> : <AppHeader />}
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Toaster />
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
