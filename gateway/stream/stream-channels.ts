import { type Granularity, STREAM_CANDLE_CHANNELS } from '../market/candles';
import type { InstrumentSpec, InstType } from '../market/instruments';
import type { MarketSimulator } from '../market/simulator';
import { type ChannelArg, STREAM_ERRORS, type StreamError } from './stream-protocol';

/** What a channel streams: the ticker, the full book, a fixed-depth book, trades, or candles of one period. */
export type ChannelKind =
  | { type: 'ticker' }
  | { type: 'books' }
  | { type: 'depth'; depth: number }
  | { type: 'trade' }
  | { type: 'candle'; granularity: Granularity };

const FIXED_CHANNELS: Readonly<Record<string, ChannelKind>> = {
  ticker: { type: 'ticker' },
  books: { type: 'books' },
  books1: { type: 'depth', depth: 1 },
  books5: { type: 'depth', depth: 5 },
  books15: { type: 'depth', depth: 15 },
  trade: { type: 'trade' },
};

/** Product lines the stream accepts; only SPOT and USDT-FUTURES hold simulated instruments. */
const INST_TYPES = new Set(['SPOT', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES']);
const SIMULATED: ReadonlySet<string> = new Set<InstType>(['SPOT', 'USDT-FUTURES']);

/** The channel behind a name (`ticker`, `books`, `books1|5|15`, `trade`, `candle1m` … `candle1D`), or undefined. */
export function channelKind(name: string): ChannelKind | undefined {
  if (Object.hasOwn(FIXED_CHANNELS, name)) return FIXED_CHANNELS[name];
  if (Object.hasOwn(STREAM_CANDLE_CHANNELS, name))
    return { type: 'candle', granularity: STREAM_CANDLE_CHANNELS[name]! };
  return undefined;
}

/** A subscription arg checked against the simulator: its instrument and channel, or the error to report. */
export type ResolvedArg = { ok: true; spec: InstrumentSpec; kind: ChannelKind } | { ok: false; error: StreamError };

/** Checks instType, channel and instId in that order, with the public feed's codes (30016 param error, 30001 doesn't exist). */
export function resolveArg(simulator: MarketSimulator, arg: ChannelArg, op: string): ResolvedArg {
  if (!INST_TYPES.has(arg.instType)) {
    return {
      ok: false,
      error: { code: STREAM_ERRORS.paramError, msg: `Param error: instType ${arg.instType} is not supported`, arg, op },
    };
  }
  const kind = channelKind(arg.channel);
  if (!kind)
    return {
      ok: false,
      error: { code: STREAM_ERRORS.paramError, msg: `Param error: channel ${arg.channel} does not exist`, arg, op },
    };
  const spec = SIMULATED.has(arg.instType) ? simulator.getInstrument(arg.instType as InstType, arg.instId) : undefined;
  if (!spec) {
    const msg = `instType:${arg.instType},channel:${arg.channel},instId:${arg.instId} doesn't exist`;
    return { ok: false, error: { code: STREAM_ERRORS.notFound, msg, arg, op } };
  }
  return { ok: true, spec, kind };
}
