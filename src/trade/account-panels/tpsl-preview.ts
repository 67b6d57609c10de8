import { useMemo } from 'react';
import type { TpslPreview, TpslPreviewInput } from '../../../engine/maths/tpsl-preview';
import type { MathsFailure } from '../../../workers/maths.api';
import type { FuturesPositionRow } from '../trade-replies';
import { useMathsAnswer } from './use-maths-answer';

/**
 * The PnL and ROE a take-profit or stop-loss of `position` would realize at `price` for `size` (null: the whole
 * position), computed in the maths worker: undefined until it answers, null while no valid price is typed or the
 * worker refuses (a size above the position).
 */
export function useTpslPreview(
  position: FuturesPositionRow | null,
  price: string | null,
  size: string | null,
): TpslPreview | null | undefined {
  const input = useMemo<TpslPreviewInput | null>(
    () =>
      position && price !== null
        ? {
            side: position.position,
            positionsCount: position.positionsCount,
            positionsOpenAvgPrice: position.positionsOpenAvgPrice,
            positionsOpenMarginCount: position.positionsOpenMarginCount,
            triggerPrice: price,
            size,
          }
        : null,
    [position, price, size],
  );
  return useMathsAnswer(input, (api, request) => api.tpslPreview(request) as Promise<TpslPreview | MathsFailure>);
}
