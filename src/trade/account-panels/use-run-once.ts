import { useCallback, useRef, useState } from 'react';

/**
 * Work on one thing at a time per key (an order's cancel, a position's flash close): a second start while the first
 * is out does nothing, however fast it comes (the ref sees it before React re-renders), and `running` lets the
 * thing's button show that it is busy.
 */
export function useRunOnce(): {
  running: ReadonlySet<string>;
  run(key: string, task: () => Promise<void>): Promise<void>;
} {
  const inFlight = useRef(new Set<string>());
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  const run = useCallback(async (key: string, task: () => Promise<void>) => {
    if (inFlight.current.has(key)) return;
    inFlight.current.add(key);
    setRunning(new Set(inFlight.current));
    try {
      await task();
    } finally {
      inFlight.current.delete(key);
      setRunning(new Set(inFlight.current));
    }
  }, []);
  return { running, run };
}
