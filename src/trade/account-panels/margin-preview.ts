import { useEffect, useState } from 'react';
import type { MarginPreview } from '../../../engine/maths/margin-preview';
import type { MathsFailure } from '../../../workers/maths.api';
import { mathsWorker } from '../../workers';
import type { FuturesPositionRow } from '../trade-replies';

/**
 * The margin and liquidation price an isolated position would have after a change of `delta` (a signed decimal, or
 * null while nothing valid is typed), computed in the maths worker: undefined until it answers, null when nothing
 * valid is typed or the worker refuses (the change would leave no margin).
 */
export function useMarginPreview(
  position: FuturesPositionRow | null,
  delta: string | null,
): MarginPreview | null | undefined {
  const [preview, setPreview] = useState<MarginPreview | null | undefined>(undefined);
  useEffect(() => {
    setPreview(undefined);
    if (!position || delta === null) {
      setPreview(null);
      return;
    }
    let live = true;
    mathsWorker
      .call(
        (api) =>
          api.marginPreview({
            side: position.position,
            positionsCount: position.positionsCount,
            positionsOpenAvgPrice: position.positionsOpenAvgPrice,
            positionsOpenMarginCount: position.positionsOpenMarginCount,
            delta,
            mm: position.mm,
            feeRate: position.feeRate,
            pricePlace: position.pricePlace,
          }) as Promise<MarginPreview | MathsFailure>,
      )
      .then((answer: MarginPreview | MathsFailure) => {
        if (live) setPreview('ok' in answer ? null : answer);
      })
      .catch(() => {
        if (live) setPreview(null);
      });
    return () => {
      live = false;
    };
  }, [position, delta]);
  return preview;
}
