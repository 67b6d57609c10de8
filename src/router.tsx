import { createRouter } from '@tanstack/react-router';
import { historyHeardNextTask } from './app/router-history';
import { languageRewrite } from './i18n/route-language';
import { routeTree } from './routeTree.gen';

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
