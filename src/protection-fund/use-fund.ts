import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type FundHistory,
  type FundPayout,
  type FundRange,
  type FundSummary,
  fetchFundHistory,
  fetchFundPayouts,
  fetchFundSummary,
} from './fund-api';

/** A reply as a page shows it: loading, its data, or its failure (the last data kept beside a failed refresh). */
export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown; data: T | null };

/** Reads `load()` on mount and whenever `key` changes; `reload` reads it again. A late answer of an older key is dropped. */
function useLoaded<T>(load: () => Promise<T>, key: string): { state: Loaded<T>; reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const reload = useCallback(() => {
    const ticket = ++latest.current;
    setState({ status: 'loading' });
    loadRef.current().then(
      (data) => {
        if (ticket === latest.current) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (ticket === latest.current)
          setState((old) => ({ status: 'error', error, data: old.status === 'ready' ? old.data : null }));
      },
    );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key says when the request changed.
  useEffect(reload, [reload, key]);
  return { state, reload };
}

/** The fund's summary. */
export function useFundSummary() {
  return useLoaded<FundSummary>(fetchFundSummary, 'summary');
}

/** The fund's history over the chosen range. */
export function useFundHistory(days: FundRange) {
  return useLoaded<FundHistory>(() => fetchFundHistory(days), String(days));
}

/** The latest payouts. */
export function useFundPayouts() {
  return useLoaded<FundPayout[]>(() => fetchFundPayouts(), 'payouts');
}
