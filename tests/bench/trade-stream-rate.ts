// The trading-screen bench's check of the simulator's pace: a Node client (outside the page) counts what the public
// stream carries.
import WebSocket from 'ws';
import { DEFAULT_INSTRUMENTS } from '../../gateway/market/default-instruments';
import { round } from './trade-metrics';

/** What the stream carried, counted by a Node client subscribed to every instrument. */
export interface StreamRate {
  seconds: number;
  /** Changed levels (bids + asks of `update` pushes) per second over the `books` channels of every simulated instrument. */
  levelChangesPerSec: number;
  /** The same for the page's book (USDT-FUTURES BTCUSDT) only. */
  pageLevelChangesPerSec: number;
  /** Trades per second over every instrument's `trade` channel, and on the page's channel. */
  tradesPerSec: number;
  pageTradesPerSec: number;
}

/** Subscriptions per message: 40 of them stay well under the stream's 4,096-byte message limit. */
const SUBSCRIBE_BATCH = 40;

/** The simulated instruments, as the stream names them (instType, instId). */
const INSTRUMENTS = DEFAULT_INSTRUMENTS.map((spec) => [spec.instType, spec.symbol] as const);

/** Counts level changes and trades on the public stream for `ms`, from Node (outside the page). */
export async function countStream(gatewayUrl: string, ms: number, ca?: string): Promise<StreamRate> {
  const socket = new WebSocket(`${gatewayUrl.replace(/^http/, 'ws')}/v2/ws/public`, { ca });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const args = INSTRUMENTS.flatMap(([instType, instId]) => [
    { instType, channel: 'books', instId },
    { instType, channel: 'trade', instId },
  ]);
  // The stream answers a message over 4,096 bytes with an error (market-data contract): subscribe in batches.
  for (let i = 0; i < args.length; i += SUBSCRIBE_BATCH)
    socket.send(JSON.stringify({ op: 'subscribe', args: args.slice(i, i + SUBSCRIBE_BATCH) }));
  // Let the snapshots arrive, then count updates only.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const counts = { levels: 0, pageLevels: 0, trades: 0, pageTrades: 0 };
  let counting = true;
  socket.on('message', (raw) => {
    if (!counting) return;
    const text = raw.toString();
    if (text === 'pong') return;
    const push = JSON.parse(text) as {
      action?: string;
      arg?: { instType: string; channel: string; instId: string };
      data?: unknown[];
    };
    if (push.action !== 'update' || !push.arg || !Array.isArray(push.data)) return;
    const isPage = push.arg.instType === 'USDT-FUTURES' && push.arg.instId === 'BTCUSDT';
    if (push.arg.channel === 'books') {
      for (const d of push.data as { bids: unknown[]; asks: unknown[] }[]) {
        const n = d.bids.length + d.asks.length;
        counts.levels += n;
        if (isPage) counts.pageLevels += n;
      }
    } else if (push.arg.channel === 'trade') {
      counts.trades += push.data.length;
      if (isPage) counts.pageTrades += push.data.length;
    }
  });
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  socket.close();
  return {
    seconds: round(seconds),
    levelChangesPerSec: Math.round(counts.levels / seconds),
    pageLevelChangesPerSec: Math.round(counts.pageLevels / seconds),
    tradesPerSec: Math.round(counts.trades / seconds),
    pageTradesPerSec: Math.round(counts.pageTrades / seconds),
  };
}
