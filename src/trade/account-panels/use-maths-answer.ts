import type * as Comlink from 'comlink';
import { useEffect, useState } from 'react';
import type { MathsApi, MathsFailure } from '../../../workers/maths.api';
import { mathsWorker } from '../../workers';

/**
 * One answer of the maths worker for `input`, asked again whenever `input` changes (keep it memoised): undefined until
 * the worker has answered for this very input, null when there is nothing to ask (`input` null), when the worker
 * refuses the input or when the call fails. An answer for an input since replaced is never returned, not even for the
 * one render before the new question goes out. The page never works the figure out itself.
 */
export function useMathsAnswer<I, T>(
  input: I | null,
  ask: (api: Comlink.Remote<MathsApi>, input: I) => Promise<T | MathsFailure>,
): T | null | undefined {
  const [held, setHeld] = useState<{ input: I | null; answer: T | null } | null>(null);
  // `ask` is a fixed call per caller: only the input decides when to ask again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    if (input === null) return;
    let live = true;
    const settle = (answer: T | null) => {
      if (live) setHeld({ input, answer });
    };
    mathsWorker
      .call((api) => ask(api, input))
      .then((reply: T | MathsFailure) => settle(isFailure(reply) ? null : reply))
      .catch(() => settle(null));
    return () => {
      live = false;
    };
  }, [input]);
  if (input === null) return null;
  return held !== null && held.input === input ? held.answer : undefined;
}

function isFailure(reply: unknown): reply is MathsFailure {
  return typeof reply === 'object' && reply !== null && (reply as { ok?: unknown }).ok === false;
}
