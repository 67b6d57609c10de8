import { useState } from 'react';
import type { ContractInfoFrame, ContractInfoResult } from '../../engine/market/contract-info';
import { useIntlTag } from '../i18n/i18n';
import { useVisiblePoll } from '../ui/use-visible-poll';
import { marketWorker, WorkerCallError } from '../workers';

/** How often the live figures (mark, index, funding) are read again while the page is seen. */
export const CONTRACT_INFO_POLL_MS = 5000;

export type ContractInfoFailure =
  | 'not-found'
  | 'network'
  | 'bad-reply'
  | 'api-error'
  | 'worker-timeout'
  | 'worker-failed';

/** The page's data: the last good frame (kept through a failed refresh, then marked stale) and the last failure. */
export interface ContractInfoView {
  frame: ContractInfoFrame | null;
  failure: ContractInfoFailure | null;
  retry(): void;
}

/**
 * A perpetual's information, from the market worker, read again every {@link CONTRACT_INFO_POLL_MS} while the page
 * is seen (paused while the tab or the app hides it, read at once when it shows again).
 */
export function useContractInfo(symbol: string): ContractInfoView {
  const intl = useIntlTag();
  const [frame, setFrame] = useState<ContractInfoFrame | null>(null);
  const [failure, setFailure] = useState<ContractInfoFailure | null>(null);
  const [attempt, setAttempt] = useState(0);

  useVisiblePoll(
    async (isLive) => {
      try {
        const result = await marketWorker.call<ContractInfoResult | { ok: false; reason: 'network' }>(
          (api) => api.loadContractInfo(symbol, intl) as Promise<ContractInfoResult | { ok: false; reason: 'network' }>,
        );
        if (!isLive()) return;
        if (result.ok) {
          setFrame(result.frame);
          setFailure(null);
        } else setFailure(result.reason);
      } catch (error) {
        if (isLive())
          setFailure(error instanceof WorkerCallError && error.kind === 'timeout' ? 'worker-timeout' : 'worker-failed');
      }
    },
    CONTRACT_INFO_POLL_MS,
    [symbol, intl, attempt],
  );

  return { frame, failure, retry: () => setAttempt((n) => n + 1) };
}
