import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { render } from 'vitest-browser-react';

/** Renders `page` as the only route of a memory router, opened at `path` (links and sign-in prompts need a router). */
export function renderAtPath(path: string, page: () => ReactNode) {
  const root = createRootRoute({ component: Outlet });
  const only = createRoute({ getParentRoute: () => root, path, component: page });
  const router = createRouter({
    routeTree: root.addChildren([only]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return render(<RouterProvider router={router} />);
}
