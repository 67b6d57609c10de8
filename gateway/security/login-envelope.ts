import type { KeyObject } from 'node:crypto';
import type { Context } from 'hono';
import { replyBusinessError } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import type { Logger } from '../log/logger';
import { type ClientAlgorithm, isClientAlgorithm, parseClientPublicKey, verifyRsaSha256 } from './client-public-key';
import { md5Hex } from './encoding';
import { openJweCompact } from './jwe-compact';
import type { ReplayStore } from './replay-store';

/** Largest allowed distance between the envelope's `ts` and the gateway clock (contract §3). */
export const LOGIN_TS_WINDOW_MS = 60_000;
/** Code of the one generic login failure every envelope problem gives. */
export const LOGIN_ENVELOPE_FAILED_CODE = '40003';
/** Message of that failure; says nothing about which check failed. */
export const LOGIN_ENVELOPE_FAILED_MESSAGE = 'Login failed, please try again';

/** What `openLoginEnvelope` needs. */
export interface LoginEnvelopeInput {
  /** The parsed JSON request body: `bodyCiphertext` beside the remaining fields. */
  body: unknown;
  /** The request path without the query, e.g. "/v1/user/login". */
  path: string;
  /** Gateway clock, ms since epoch. */
  now: number;
  serverPrivateKey: KeyObject;
  /** The b64 SPKI the config endpoint serves (its MD5 is the JWE `kid`). */
  serverPublicKeyB64: string;
  /** The fields the path's `enc:` mode names, e.g. ["loginName", "pwd"]. */
  fields: readonly string[];
  /** False: a named field may be absent (a path under a login url, e.g. verify-login, has none); default true. */
  requireFields?: boolean;
  /** Where accepted envelopes are remembered, so each opens once (contract §3). */
  replay: ReplayStore;
  /** Receives the failure reason at debug level. */
  logger?: Logger;
}

/** An opened envelope: the decrypted fields, the clear ones, and the client key to bind to the new session. */
export interface OpenedLoginEnvelope {
  ok: true;
  fields: Record<string, unknown>;
  rest: Record<string, unknown>;
  publicKey: string;
  algorithm: ClientAlgorithm;
  keyId: string;
}

/** The single failure outcome; `reason` is for logs and tests, never for the client. */
export interface FailedLoginEnvelope {
  ok: false;
  reason: string;
}

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Opens and checks a login envelope (contract §3): JWE, freshness, path, fields, client key, `initSign`, and that it was never opened before. */
export function openLoginEnvelope(input: LoginEnvelopeInput): OpenedLoginEnvelope | FailedLoginEnvelope {
  const result = check(input);
  if (!result.ok) input.logger?.debug('login envelope rejected', { path: input.path, reason: result.reason });
  return result;
}

/** Replies the generic login failure (HTTP 200, `status:"error"`) that every envelope problem gets. */
export function replyLoginEnvelopeFailed(c: Context<GatewayEnv>): Response {
  return replyBusinessError(c, LOGIN_ENVELOPE_FAILED_CODE, LOGIN_ENVELOPE_FAILED_MESSAGE);
}

function fail(reason: string): FailedLoginEnvelope {
  return { ok: false, reason };
}

function check(input: LoginEnvelopeInput): OpenedLoginEnvelope | FailedLoginEnvelope {
  if (!isPlain(input.body)) return fail('body');
  const { bodyCiphertext, ...rest } = input.body;
  if (typeof bodyCiphertext !== 'string') return fail('bodyCiphertext');
  // A named field sent in clear as well is a client bug that leaked the secret; refuse rather than pick one.
  if (input.fields.some((field) => Object.hasOwn(rest, field))) return fail('clear-field');
  const fp = md5Hex(input.serverPublicKeyB64);
  const jwe = openJweCompact(bodyCiphertext, input.serverPrivateKey, fp);
  if (!jwe.ok) return fail(`jwe-${jwe.reason}`);
  const plain = parseJsonObject(jwe.plaintext);
  if (!plain) return fail('plaintext');
  const ts = readTs(plain.ts);
  if (ts === null || Math.abs(Number(ts) - input.now) > LOGIN_TS_WINDOW_MS) return fail('ts');
  if (plain.path !== input.path) return fail('path');
  const fields: Plain = {};
  for (const name of input.fields) {
    const present = Object.hasOwn(plain, name) && plain[name] !== undefined && plain[name] !== null;
    if (present) fields[name] = plain[name];
    else if (input.requireFields !== false) return fail('field');
  }
  const { algorithm, publicKey, initSign } = plain;
  if (!isClientAlgorithm(algorithm)) return fail('algorithm');
  if (typeof publicKey !== 'string' || typeof initSign !== 'string') return fail('key-fields');
  const clientKey = parseClientPublicKey(publicKey, algorithm);
  if (!clientKey) return fail('publicKey');
  const signedText = `DS1-init\n${input.path}\n${ts}\n${fp}\n${publicKey}`;
  if (!verifyRsaSha256(clientKey.key, signedText, initSign)) return fail('initSign');
  // Remembered for as long as its `ts` is acceptable; past that the freshness check refuses it anyway.
  if (!input.replay.claim('login-envelope', initSign, input.now, Number(ts) + LOGIN_TS_WINDOW_MS))
    return fail('replay');
  return { ok: true, fields, rest, publicKey, algorithm, keyId: clientKey.keyId };
}

function parseJsonObject(bytes: Buffer): Plain | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return isPlain(value) ? value : null;
  } catch {
    return null;
  }
}

/** `ts` as the decimal text that `initSign` covers: a safe integer, or a string of digits. */
function readTs(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value)) return value;
  return null;
}
