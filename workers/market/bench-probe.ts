/**
 * The market worker's one bench probe: the update-to-paint of the panels it paints, kept only while the bench asks
 * (README, benchmarks), so the painting code calls `painted` and nothing happens while the probe is off.
 */
import { PaintLatencyProbe } from '../../engine/market/paint-latency-probe';

/** A paint probe on this worker's clocks: read after the frame that shows the paint, on the stream's wall clock. */
export function createPaintProbe(): PaintLatencyProbe {
  return new PaintLatencyProbe({
    // The canvas shows the paint in the frame after this task; a zero timeout after that frame's callbacks lands past it.
    afterPaint(callback) {
      const scope = globalThis as { requestAnimationFrame?: (callback: () => void) => unknown };
      const record = () => setTimeout(callback, 0);
      if (typeof scope.requestAnimationFrame === 'function') scope.requestAnimationFrame(record);
      else record();
    },
    now: () => Date.now(),
  });
}
