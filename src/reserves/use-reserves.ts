import * as Comlink from 'comlink';
import { isOfflineError } from '../api/failures';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { VerifyReply, VerifyStep } from '../../workers/reserves.api';
import { reservesWorker } from '../workers';
import { type KeptSummary, keptSummary, type ReservesServices, type ReservesSummary } from './reserves-api';

/** The summary as the page shows it: loading, ready, or failed (with the kept copy and its time when offline). */
export type SummaryState =
  | { status: 'loading' }
  | { status: 'ready'; summary: ReservesSummary }
  | { status: 'error'; error: unknown; isOffline: boolean; kept: KeptSummary | null };

/** Reads the public summary on mount; `reload` reads it again (a failed refresh keeps the kept reply beside it). */
export function useReservesSummary(fetchSummary: ReservesServices['fetchSummary']) {
  const [state, setState] = useState<SummaryState>({ status: 'loading' });
  /** Reads the summary again; resolves to the new one, or null when it failed (the state says why). */
  const reload = useCallback((): Promise<ReservesSummary | null> => {
    setState((old) => (old.status === 'ready' ? old : { status: 'loading' }));
    return fetchSummary().then(
      (summary) => {
        setState({ status: 'ready', summary });
        return summary;
      },
      (error: unknown) => {
        setState({ status: 'error', error, isOffline: isOfflineError(error), kept: keptSummary() });
        return null;
      },
    );
  }, [fetchSummary]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload };
}

/** Verifies a proof in the reserves worker: the real one, or a test's. */
export type VerifyProof = (
  proofJson: unknown,
  publishedRoot: string | undefined,
  onStep: (step: VerifyStep) => void,
) => Promise<VerifyReply>;

/** The page's verifier: every hash in the reserves worker, each step passed back as the worker reaches it. */
export const verifyInWorker: VerifyProof = (proofJson, publishedRoot, onStep) =>
  reservesWorker.call((api) => api.verify(proofJson, publishedRoot, Comlink.proxy(onStep)) as Promise<VerifyReply>, {
    timeoutMs: 15_000,
  });

/** A check as the page shows it: idle, running with the steps so far, done, or failed to run. */
export type CheckState =
  | { status: 'idle' }
  | { status: 'running'; steps: VerifyStep[] }
  | { status: 'done'; steps: VerifyStep[]; reply: VerifyReply; publishedRoot: string | undefined }
  | { status: 'failed' };

/** Runs one proof check at a time; a newer check replaces an older one's steps. */
export function useProofCheck(verify: VerifyProof) {
  const [check, setCheck] = useState<CheckState>({ status: 'idle' });
  const runId = useRef(0);
  const run = useCallback(
    async (proofJson: unknown, publishedRoot: string | undefined): Promise<VerifyReply | null> => {
      const id = ++runId.current;
      const steps: VerifyStep[] = [];
      setCheck({ status: 'running', steps: [] });
      try {
        const reply = await verify(proofJson, publishedRoot, (step) => {
          if (id !== runId.current) return;
          steps.push(step);
          setCheck({ status: 'running', steps: [...steps] });
        });
        if (id === runId.current)
          setCheck({ status: 'done', steps: reply.ok ? reply.steps : [], reply, publishedRoot });
        return reply;
      } catch {
        if (id === runId.current) setCheck({ status: 'failed' });
        return null;
      }
    },
    [verify],
  );
  const reset = useCallback(() => {
    runId.current += 1;
    setCheck({ status: 'idle' });
  }, []);
  return { check, run, reset };
}
