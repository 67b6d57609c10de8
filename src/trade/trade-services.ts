import { isPageHidden, onPageVisibility } from '../platform/page-visibility';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { subscribe } from 'valtio';
import { authState, markSignedOut } from '../session/auth-state';
import { type MathsLink, mathsLink } from './market/mark-link';
import { AccountStore, type AccountSnapshot, type AccountTarget, type Session } from './account-panels/account-store';
import { type TradeApi, tradeApi } from './trade-api';

/** What the order form and the account panels talk to; a test provides stubs through {@link TradeServicesContext}. */
export interface TradeServices {
  api: TradeApi;
  store: AccountStore;
  /** The maths worker, for the positions' uPnL, ROE and liquidation prices. */
  maths: MathsLink;
}

function sessionOf(status: typeof authState.status): Session {
  return status === 'signedIn' ? 'signedIn' : status === 'anonymous' ? 'signedOut' : 'unknown';
}

let defaults: TradeServices | null = null;

/** The app's services: the real API and the tab's one account store, created on first use. */
export function defaultTradeServices(): TradeServices {
  defaults ??= {
    api: tradeApi,
    maths: mathsLink,
    store: new AccountStore({
      api: tradeApi,
      auth: {
        current: () => ({ session: sessionOf(authState.status), userId: authState.user?.userId ?? null }),
        subscribe: (listener) => subscribe(authState, listener),
      },
      visibility: {
        isHidden: isPageHidden,
        subscribe: onPageVisibility,
      },
      onSignedOut: markSignedOut,
    }),
  };
  return defaults;
}

/** Overrides the services below it (tests, storybook-like pages); null means the app's own. */
export const TradeServicesContext = createContext<TradeServices | null>(null);

export function useTradeServices(): TradeServices {
  return useContext(TradeServicesContext) ?? defaultTradeServices();
}

/** The account data of the screen's instrument, kept fresh while the calling component is mounted. */
export function useAccount(target: AccountTarget): AccountSnapshot {
  const { store } = useTradeServices();
  const { market, symbol } = target;
  useEffect(() => store.watch({ market, symbol }), [store, market, symbol]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
