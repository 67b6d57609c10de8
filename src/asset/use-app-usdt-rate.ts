import { isZeroDecimal } from '../../engine/rules/numeric-input';
import { useEffect, useState } from 'react';
import { appBridge, mayBeInApp } from '../bridge/app-bridge';

/** A rate as the app may send it: a positive plain decimal (a number is taken as its shortest text). */
const RATE = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,12})?$/;

/**
 * Inside the app (from 2.21.0) the display currency's USDT rate is the app's own (`getUsdtRate`), so the page
 * values the account as the app's other screens do; null outside the app, below that version, or while unknown,
 * and the gateway's rate stands. A rate that is not a positive decimal is ignored.
 */
export function useAppUsdtRate(currency: string): string | null {
  const [rate, setRate] = useState<{ currency: string; rate: string } | null>(null);
  useEffect(() => {
    if (!mayBeInApp()) return;
    let live = true;
    void appBridge()
      .then((bridge) => bridge.call<{ rate?: unknown }>('getUsdtRate', { currency }))
      .then((answer) => {
        const value = answer.sent ? answer.data?.rate : undefined;
        const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
        if (live && typeof text === 'string' && RATE.test(text) && !isZeroDecimal(text))
          setRate({ currency, rate: text });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [currency]);
  return rate?.currency === currency ? rate.rate : null;
}
