/**
 * Update-to-paint latency for the bench: when a page opts in (the bench sets `window.__paintLatency` to an array
 * before load), each applied frame records the time from its newest stream message to the next painted frame.
 * Without the opt-in this costs one property read per frame.
 */
export function recordPaintLatency(latestTs: number): void {
  const sink = (globalThis as { __paintLatency?: number[] }).__paintLatency;
  if (!sink || latestTs <= 0) return;
  // The frame is painted after the next animation frame's callbacks; a zero timeout after it lands past the paint.
  requestAnimationFrame(() => setTimeout(() => sink.push(Date.now() - latestTs), 0));
}
