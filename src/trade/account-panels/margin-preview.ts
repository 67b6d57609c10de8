import { useMemo } from 'react';
import type { MarginPreview, MarginPreviewInput } from '../../../engine/maths/margin-preview';
import type { MathsFailure } from '../../../workers/maths.api';
import type { FuturesPositionRow } from '../trade-replies';
import { useMathsAnswer } from './use-maths-answer';

/**
 * The margin and liquidation price an isolated position would have after a change of `delta` (a signed decimal, or
 * null while nothing valid is typed), computed in the maths worker: undefined until it answers, null when nothing
 * valid is typed or the worker refuses (the change would leave no margin).
 */
export function useMarginPreview(
  position: FuturesPositionRow | null,
  delta: string | null,
): MarginPreview | null | undefined {
  const input = useMemo<MarginPreviewInput | null>(
    () =>
      position && delta !== null
        ? {
            side: position.position,
            positionsCount: position.positionsCount,
            positionsOpenAvgPrice: position.positionsOpenAvgPrice,
            positionsOpenMarginCount: position.positionsOpenMarginCount,
            delta,
            mm: position.mm,
            feeRate: position.feeRate,
            pricePlace: position.pricePlace,
          }
        : null,
    [position, delta],
  );
  return useMathsAnswer(input, (api, request) => api.marginPreview(request) as Promise<MarginPreview | MathsFailure>);
}
