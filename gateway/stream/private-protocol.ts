import { STREAM_ERRORS } from './stream-protocol';

/**
 * Error codes of the private stream: the public stream's for the same faults, the exchange's documented login codes
 * (30004–30015, as client libraries map them), and the REST codes 40014 and 40018 where the WebSocket table has none.
 */
export const PRIVATE_ERRORS = {
  ...STREAM_ERRORS,
  /** A subscribe before a successful login. */
  loginRequired: 30004,
  /** Login refused for a reason without a code of its own (already logged in, too many attempts). */
  loginFailed: 30005,
  /** The key is missing, malformed, unknown, deleted or disabled (one answer for all). */
  accessKeyInvalid: 30011,
  /** The passphrase is missing or not the key's. */
  passphraseInvalid: 30012,
  /** The timestamp is missing or not whole seconds since the epoch (a string of digits or a whole JSON number). */
  timestampInvalid: 30013,
  /** The timestamp is more than 30 s from the gateway's clock, or the login was used already. */
  timestampExpired: 30014,
  /** The signature does not match. */
  signInvalid: 30015,
  /** The key lacks the `read` permission (REST `40014`). */
  permissionMissing: 40014,
  /** The connection's address is outside the key's allow-list (REST `40018`). */
  ipNotAllowed: 40018,
} as const;

/** What a login message carries, before any check. */
export interface LoginArgs {
  apiKey: string;
  passphrase: string;
  /** The decimal digits of the timestamp as sent (a string, or a JSON number); "" when it cannot be one. */
  timestamp: string;
  sign: string;
}

/** A private channel subscription as the client sent it: `instId` for orders and positions, `coin` for account. */
export interface PrivateArg {
  instType: string;
  channel: string;
  instId?: string;
  coin?: string;
}

/** A private client message other than `ping`, once parsed. */
export type PrivateRequest =
  | { kind: 'login'; args: LoginArgs }
  | { kind: 'op'; op: 'subscribe' | 'unsubscribe'; args: unknown[] }
  | { kind: 'error'; code: number; msg: string; op?: string };

const FIELD_MAX = 128;
const OPS = new Set(['login', 'subscribe', 'unsubscribe']);

const text = (value: unknown): string => (typeof value === 'string' && value.length <= FIELD_MAX ? value : '');

/**
 * The login `timestamp` as the text it is signed with: a string as sent (trimmed), or a JSON number's decimal digits,
 * as the exchange's SDKs send it (`Math.floor(Date.now() / 1000)`). A number that is not a whole, non-negative, safe
 * integer (1.5, -1, 1e21) reads as "", which the login refuses as malformed, like a string that is not digits.
 */
function timestampText(value: unknown): string {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : '';
  return text(value).trim();
}

/**
 * Parses one text message other than `ping` (which the connection answers, `StreamSocket`):
 * `{"op":"login","args":[{apiKey,passphrase,timestamp,sign}]}` (`timestamp` a string or a number) or a (un)subscribe.
 */
export function parsePrivateMessage(raw: string): PrivateRequest {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return { kind: 'error', code: PRIVATE_ERRORS.illegalRequest, msg: 'Illegal request: not valid JSON' };
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message))
    return { kind: 'error', code: PRIVATE_ERRORS.illegalRequest, msg: 'Illegal request: expected a JSON object' };
  const { op, args } = message as Record<string, unknown>;
  if (typeof op !== 'string' || !OPS.has(op)) {
    const shown = typeof op === 'string' ? op.slice(0, 32) : String(op);
    return { kind: 'error', code: PRIVATE_ERRORS.invalidOp, msg: `Invalid op: ${shown}` };
  }
  if (!Array.isArray(args) || args.length === 0)
    return { kind: 'error', code: PRIVATE_ERRORS.paramError, msg: 'Param error: args must be a non-empty array', op };
  if (op !== 'login') return { kind: 'op', op: op as 'subscribe' | 'unsubscribe', args };
  const first = args[0];
  if (args.length !== 1 || first === null || typeof first !== 'object' || Array.isArray(first))
    return { kind: 'error', code: PRIVATE_ERRORS.paramError, msg: 'Param error: login takes one args object', op };
  const fields = first as Record<string, unknown>;
  return {
    kind: 'login',
    args: {
      apiKey: text(fields.apiKey).trim(),
      passphrase: text(fields.passphrase),
      timestamp: timestampText(fields.timestamp),
      sign: text(fields.sign).trim(),
    },
  };
}

/** Reads an `args` entry as a {@link PrivateArg} (string fields of at most 32 characters), or undefined. */
export function readPrivateArg(value: unknown): PrivateArg | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { instType, channel, instId, coin } = value as Record<string, unknown>;
  const short = (field: unknown) => typeof field === 'string' && field.length <= 32;
  if (!short(instType) || !short(channel)) return undefined;
  if (instId !== undefined && !short(instId)) return undefined;
  if (coin !== undefined && !short(coin)) return undefined;
  const arg: PrivateArg = { instType: instType as string, channel: channel as string };
  if (instId !== undefined) arg.instId = instId as string;
  if (coin !== undefined) arg.coin = coin as string;
  return arg;
}

/** The key of a subscription: one per instType, channel and instId or coin. */
export function privateArgKey(arg: PrivateArg): string {
  return `${arg.instType}|${arg.channel}|${arg.instId ?? ''}|${arg.coin ?? ''}`;
}

/** The error event `{"event":"error","arg"?,"code","msg","op"?}`. */
export function privateErrorText(code: number, msg: string, extra: { arg?: PrivateArg; op?: string } = {}): string {
  return JSON.stringify({ event: 'error', arg: extra.arg, code, msg, op: extra.op });
}
