import type { TradeFrame } from '../../../engine/market/trade-frame';

/** The page's end of a trading feed's frames, and the end to hand the market worker. */
export interface FramePortPair {
  /** The worker's end: transfer it with `openFeed`. */
  port: MessagePort;
  /** Stops applying frames and closes this end. */
  close(): void;
}

/**
 * Opens the channel a trading feed's frames come through: each message is applied as it comes, and a frame that asks
 * for it (`ack`) is answered with its number once applied, failing or not, so the feed never waits for ever.
 */
export function openFramePort(apply: (frame: TradeFrame) => void): FramePortPair {
  const channel = new MessageChannel();
  const page = channel.port1;
  page.onmessage = (event: MessageEvent) => {
    const frame = event.data as TradeFrame | null;
    if (typeof frame !== 'object' || frame === null || typeof frame.n !== 'number') return;
    try {
      apply(frame);
    } finally {
      if (frame.ack) page.postMessage(frame.n);
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
