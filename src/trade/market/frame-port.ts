import type { TradeFrame } from '../../../engine/market/trade-frame';

/** The page's end of a trading feed's frames, and the end to hand the market worker. */
export interface FramePortPair {
  /** The worker's end: transfer it with `openFeed`. */
  port: MessagePort;
  /** Stops applying frames and closes this end. */
  close(): void;
}

/**
 * Opens the channel a trading feed's frames (or its depth messages) come through: each message is applied as it
 * comes, and one that asks for it (`ack`) is answered with its number once applied, failing or not, so the feed never
 * waits for ever; `answerWhen` may hold the answer back (till the next animation frame, say).
 */
export function openFramePort<Frame extends { n: number; ack: boolean } = TradeFrame>(
  apply: (frame: Frame) => void,
  answerWhen: (answer: () => void) => void = (answer) => answer(),
): FramePortPair {
  const channel = new MessageChannel();
  const page = channel.port1;
  page.onmessage = (event: MessageEvent) => {
    const frame = event.data as Frame | null;
    if (typeof frame !== 'object' || frame === null || typeof frame.n !== 'number') return;
    try {
      apply(frame);
    } finally {
      if (frame.ack) answerWhen(() => page.postMessage(frame.n));
    }
  };
  return {
    port: channel.port2,
    close: () => {
      page.onmessage = null;
      page.close();
    },
  };
}
