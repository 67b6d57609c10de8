import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { SignInPrompt } from '../../../src/api/SignInPrompt';
import { loginHref } from '../../../src/api/login-link';
import '../ui/helpers';

/** A router with the trading page (showing the prompt) and the sign-in page (showing where it will come back to). */
async function renderTradeAt(entry: string) {
  const root = createRootRoute({ component: Outlet });
  const trade = createRoute({
    getParentRoute: () => root,
    path: '/trade/$symbol',
    component: () => <SignInPrompt message="Sign in to trade." testId="prompt" />,
  });
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    validateSearch: (search: Record<string, unknown>) => ({ redirect: String(search.redirect ?? '') }),
    component: function Login() {
      const { redirect } = login.useSearch();
      return <p data-testid="login-page">back to {redirect}</p>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([trade, login]),
    history: createMemoryHistory({ initialEntries: [entry] }),
  });
  return { screen: await render(<RouterProvider router={router} />), router };
}

describe('SignInPrompt', () => {
  it('inside a router, comes back to the page with its query string, by a client-side navigation', async () => {
    const { screen, router } = await renderTradeAt('/trade/BTCUSDT?tab=orders');
    const link = screen.getByTestId('prompt').getByRole('link', { name: 'Sign in' });
    await expect.element(link).toHaveAttribute('href', '/login?redirect=%2Ftrade%2FBTCUSDT%3Ftab%3Dorders');
    const before = location.href;
    await userEvent.click(link);
    await expect.element(page.getByTestId('login-page')).toHaveTextContent('back to /trade/BTCUSDT?tab=orders');
    expect(router.state.location.pathname).toBe('/login');
    // The memory router moved; the browser did not load a page.
    expect(location.href).toBe(before);
  });

  it("outside a router, links to sign-in with the browser's own page and query string", async () => {
    const screen = await render(<SignInPrompt message="Sign in to see and cancel your open orders." />);
    const link = screen.getByRole('link', { name: 'Sign in' });
    await expect.element(link).toHaveAttribute('href', loginHref(`${location.pathname}${location.search}`));
    expect(new URL((link.element() as HTMLAnchorElement).href).searchParams.get('redirect')).toBe(
      `${location.pathname}${location.search}`,
    );
    await expect.element(screen.getByText('Sign in to see and cancel your open orders.')).toBeVisible();
  });

  it('drops a place sign-in may not send the user back to', () => {
    expect(loginHref('//evil.example/steal')).toBe('/login');
    expect(loginHref('/trade/BTCUSDT?x=<script>')).toBe('/login');
    expect(loginHref(`/${'a'.repeat(600)}`)).toBe('/login');
    expect(loginHref('/asset/spot?coin=BTC')).toBe('/login?redirect=%2Fasset%2Fspot%3Fcoin%3DBTC');
  });
});
