import { useEffect, useState } from 'react';
import type { TpslPreview } from '../../../engine/maths/tpsl-preview';
import type { MathsFailure } from '../../../workers/maths.api';
import { mathsWorker } from '../../workers';
import type { FuturesPositionRow } from '../trade-replies';

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
  const [preview, setPreview] = useState<TpslPreview | null | undefined>(undefined);
  useEffect(() => {
    setPreview(undefined);
    if (!position || price === null) {
      setPreview(null);
      return;
    }
    let live = true;
    mathsWorker
      .call(
        (api) =>
          api.tpslPreview({
            side: position.position,
            positionsCount: position.positionsCount,
            positionsOpenAvgPrice: position.positionsOpenAvgPrice,
            positionsOpenMarginCount: position.positionsOpenMarginCount,
            triggerPrice: price,
            size,
          }) as Promise<TpslPreview | MathsFailure>,
      )
      .then((answer: TpslPreview | MathsFailure) => {
        if (live) setPreview('ok' in answer ? null : answer);
      })
      .catch(() => {
        if (live) setPreview(null);
      });
    return () => {
      live = false;
    };
  }, [position, price, size]);
  return preview;
}
