import * as Comlink from 'comlink';
import { classifyFailure } from '../api/read-state';
import type { Reply } from '../api/request';
import { useRead } from '../api/use-read';
import { useCallback, useRef, useState } from 'react';
import type { VerifyReply, VerifyStep } from '../../workers/reserves.api';
import { reservesWorker } from '../workers';
import { keptSummary, type ReservesServices, type ReservesSummary } from './reserves-api';

/**
 * Reads the public summary as every read is (api/use-read.ts); offline, the copy this tab kept of the last one
 * answers instead, marked with the time it was received.
 */
export function useReservesSummary(fetchSummary: ReservesServices['fetchSummary']) {
  const read = useCallback(async (): Promise<Reply<ReservesSummary>> => {
    try {
      return { data: await fetchSummary(), cachedAt: null };
    } catch (error) {
      const kept = classifyFailure(error) === 'offline' ? keptSummary() : null;
      if (kept) return { data: kept.summary, cachedAt: kept.receivedAt };
      throw error;
    }
  }, [fetchSummary]);
  return useRead(read, { needsSession: false });
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
