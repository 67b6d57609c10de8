import { createRouter } from '@tanstack/react-router';
import { historyHeardNextTask } from './app/router-history';
import { languageRewrite } from './i18n/route-language';
import { rootRoute } from './routes/__root';
import { accountSecurityRoute } from './routes/account.security';
import { marketsRoute } from './routes/index';
import { loginRoute } from './routes/login';
import { registerRoute } from './routes/register';
import { futuresTradeRoute } from './routes/futures.usdt.$symbol';
import { spotTradeRoute } from './routes/spot.$symbol';

const routeTree = rootRoute.addChildren([
  marketsRoute,
  loginRoute,
  registerRoute,
  accountSecurityRoute,
  spotTradeRoute,
  futuresTradeRoute,
]);

/** The app's router: routes are declared without the language prefix (see route-language.ts). */
export const router = createRouter({
  routeTree,
  history: historyHeardNextTask(),
  rewrite: languageRewrite,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
