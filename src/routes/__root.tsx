import { createRootRoute, Outlet } from '@tanstack/react-router';
import { AppHeader } from '../app/AppHeader';
import { NotFound } from '../app/NotFound';
import { useT } from '../i18n/i18n';
import { useMarkAppShown } from '../ui/PageTransition';
import { Toaster } from '../ui/toast/Toaster';

function AppShell() {
  const t = useT();
  useMarkAppShown();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <AppHeader />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Toaster />
    </>
  );
}

/** The shell every page renders in: header, main landmark, toasts. */
export const rootRoute = createRootRoute({ component: AppShell, notFoundComponent: NotFound });
