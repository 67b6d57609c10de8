/** A channel subscription as the public stream names it (market-data contract, WebSocket). */
export interface ChannelArg {
  instType: string;
  channel: string;
  instId: string;
}

/**
 * Error codes of the public stream; 30001, 30002, 30003 and 30016 are the ones the public feed sends for the same
 * faults, 30006 ("request too many") and 30007 ("request over limit,connection close") the exchange's over-limit codes.
 */
export const STREAM_ERRORS = {
  /** The instType is valid but no such instrument is streamed there (the public feed's "doesn't exist"). */
  notFound: 30001,
  /** Not a JSON object, malformed JSON, or a message larger than the cap. */
  illegalRequest: 30002,
  /** `op` is neither `subscribe` nor `unsubscribe`. */
  invalidOp: 30003,
  /** The connection, or its address over all its sockets, already holds the most subscriptions it may. */
  tooManySubscriptions: 30006,
  /** The address is over a connection limit: the socket gets this event and is closed. */
  overLimit: 30007,
  /** An `args` entry is malformed, or names an unknown channel or instType. */
  paramError: 30016,
  /** Something failed on the server; the detail stays in the server log. */
  systemBusy: 30000,
} as const;

/** One error to report: code, message, and the arg and op it concerns when there is one. */
export interface StreamError {
  code: number;
  msg: string;
  arg?: ChannelArg;
  op?: string;
}

/** What a client message other than `ping` asks for, once parsed. */
export type ClientRequest =
  | { kind: 'op'; op: 'subscribe' | 'unsubscribe'; args: unknown[] }
  | { kind: 'error'; error: StreamError };

const OPS = new Set(['subscribe', 'unsubscribe']);

/**
 * Parses one text message other than the literal `ping` (which the connection answers, `StreamSocket`):
 * `{"op": "subscribe"|"unsubscribe", "args": [...]}`; anything else is an error to report.
 */
export function parseClientMessage(text: string): ClientRequest {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { kind: 'error', error: { code: STREAM_ERRORS.illegalRequest, msg: 'Illegal request: not valid JSON' } };
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message)) {
    return {
      kind: 'error',
      error: { code: STREAM_ERRORS.illegalRequest, msg: 'Illegal request: expected a JSON object' },
    };
  }
  const { op, args } = message as Record<string, unknown>;
  if (typeof op !== 'string' || !OPS.has(op)) {
    const shown = typeof op === 'string' ? op.slice(0, 32) : String(op);
    return { kind: 'error', error: { code: STREAM_ERRORS.invalidOp, msg: `Invalid op: ${shown}` } };
  }
  if (!Array.isArray(args) || args.length === 0) {
    return {
      kind: 'error',
      error: { code: STREAM_ERRORS.paramError, msg: 'Param error: args must be a non-empty array', op },
    };
  }
  return { kind: 'op', op: op as 'subscribe' | 'unsubscribe', args };
}

/** Reads an `args` entry as a {@link ChannelArg} with exactly its three string fields, or undefined when it is not one. */
export function readArg(value: unknown): ChannelArg | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { instType, channel, instId } = value as Record<string, unknown>;
  if (typeof instType !== 'string' || typeof channel !== 'string' || typeof instId !== 'string') return undefined;
  if (instType.length > 32 || channel.length > 32 || instId.length > 32) return undefined;
  return { instType, channel, instId };
}

/** The key of a subscription: one per instType, channel and instId. */
export function argKey(arg: ChannelArg): string {
  return `${arg.instType}|${arg.channel}|${arg.instId}`;
}

/** The acknowledgement `{"event":"subscribe"|"unsubscribe","arg":{...}}`. */
export function ackText(op: 'subscribe' | 'unsubscribe', arg: ChannelArg): string {
  return JSON.stringify({ event: op, arg });
}

/** The error event `{"event":"error","arg"?,"code","msg","op"?}`, as the public feed orders it. */
export function errorText(error: StreamError): string {
  return JSON.stringify({ event: 'error', arg: error.arg, code: error.code, msg: error.msg, op: error.op });
}

/** A data push `{"action","arg","data","ts"}` with the push time as a number and the rows as given. */
export function pushText(action: 'snapshot' | 'update', argJson: string, dataJson: string, ts: number): string {
  // The arg and rows are serialised once per event and shared by every subscriber.
  return `{"action":"${action}","arg":${argJson},"data":${dataJson},"ts":${ts}}`;
}
