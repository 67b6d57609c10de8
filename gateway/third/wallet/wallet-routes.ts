import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getAddress, recoverMessageAddress } from 'viem';
import { createSiweMessage, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { AuthError, rateLimited } from '../../auth/auth-errors';
import { readAuthBody } from '../../auth/auth-request';
import type { RateLimit } from '../../security/rate-limiter';
import { businessErrorHandler, replyOk } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import type { JsonObject } from '../../http/validate';
import { linkWithPassword, signInWithIdentity, type ThirdContext, type ThirdIdentity } from '../third-core';
import { answerThird, readThirdFields } from '../third-input';
import { WALLET_ERRORS } from './wallet-errors';
import { createWalletMessageStore } from './wallet-message-store';
import type { WalletSettings } from './wallet-settings';
import { siteOf } from './wallet-site';

/** Paths of the wallet sign-in (spec §7.4; `wallet/nonce` is ours: the gateway writes the message the wallet signs). */
export const WALLET_PATHS = {
  nonce: '/v1/user/public/third/wallet/nonce',
  sign: '/v1/user/public/third/wallet/sign',
  check: '/v1/user/public/third/wallet/check',
} as const;

/** How long a sign-in message can be signed and used: 5 minutes. */
export const WALLET_MESSAGE_TTL_MS = 5 * 60 * 1000;
/** Messages handed out per (address, client address): 10 per 10 minutes. */
export const WALLET_NONCE_PAIR_LIMIT: RateLimit = { max: 10, windowMs: 10 * 60 * 1000 };
/** Messages handed out per client address, whatever the wallet: 30 per 10 minutes. */
export const WALLET_NONCE_IP_LIMIT: RateLimit = { max: 30, windowMs: 10 * 60 * 1000 };
/** Refused signatures per (address, client address): 10 per 15 minutes. */
export const WALLET_FAILURE_PAIR_LIMIT: RateLimit = { max: 10, windowMs: 15 * 60 * 1000 };
/** Refused signatures per client address: 30 per 15 minutes. */
export const WALLET_FAILURE_IP_LIMIT: RateLimit = { max: 30, windowMs: 15 * 60 * 1000 };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A personal_sign signature: r, s and v, 65 bytes in hex. */
const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

/** The lower-case address in `publicAddress`, or 40175. */
function readAddress(fields: JsonObject): `0x${string}` {
  const value = fields.publicAddress;
  if (typeof value !== 'string' || !ADDRESS.test(value.trim())) throw WALLET_ERRORS.malformed();
  return value.trim().toLowerCase() as `0x${string}`;
}

/** The signature in `signature`, or 40175. */
function readSignature(fields: JsonObject): `0x${string}` {
  const value = fields.signature;
  if (typeof value !== 'string' || !SIGNATURE.test(value)) throw WALLET_ERRORS.malformed();
  return value as `0x${string}`;
}

/** The EIP-155 chain id in `chainId` (a decimal string or number), or 40175. */
function readChainId(fields: JsonObject): number {
  const value = fields.chainId;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9]\d{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw WALLET_ERRORS.malformed();
  }
  return Number(text);
}

/** What the person recognises their wallet by: `0x12ab…cdef`. */
export function walletLabel(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/**
 * The wallet sign-in (Sign-In with Ethereum, EIP-4361): `wallet/nonce` {publicAddress, chainId} writes the message
 * for this site and address, `wallet/sign` {publicAddress, signature} signs in with its personal_sign signature, and
 * `wallet/check` {loginName, pwd, areaCode?, publicAddress, signature} links the wallet to an existing account.
 * Every message is used once, within 5 minutes, on the site it was written for.
 */
export function walletRoutes(tctx: ThirdContext, settings: WalletSettings): Hono<GatewayEnv> {
  const ctx = tctx.auth;
  const store = createWalletMessageStore(tctx.db);
  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);

  routes.post(WALLET_PATHS.nonce, async (c) => {
    const body = await readAuthBody(c);
    const address = readAddress(body);
    const chainId = readChainId(body);
    const ip = ctx.clientIp(c);
    const pair = `wallet:nonce:${address}\n${ip}`;
    const byIp = `wallet:nonce-ip:${ip}`;
    if (ctx.limiter.isLimited(pair, WALLET_NONCE_PAIR_LIMIT) || ctx.limiter.isLimited(byIp, WALLET_NONCE_IP_LIMIT)) {
      throw rateLimited();
    }
    ctx.limiter.hit(pair);
    ctx.limiter.hit(byIp);
    if (!settings.chainIds.includes(chainId)) throw WALLET_ERRORS.chainNotAllowed();
    const site = siteOf(tctx, c);
    if (!site) throw WALLET_ERRORS.wrongSite();
    // 128 bits in hex: EIP-4361 asks for at least 8 alphanumerics.
    const nonce = randomBytes(16).toString('hex');
    const now = ctx.now();
    let message: string;
    try {
      message = createSiweMessage({
        address: getAddress(address),
        chainId,
        domain: site.host,
        uri: site.origin,
        version: '1',
        nonce,
        statement: `Sign in to ${settings.productName}`,
        issuedAt: new Date(now),
        expirationTime: new Date(now + WALLET_MESSAGE_TTL_MS),
      });
    } catch {
      // A host EIP-4361 cannot name (an IPv6 literal, a single-label name other than localhost).
      throw WALLET_ERRORS.wrongSite();
    }
    store.put({ address, nonce, message, expiresAt: now + WALLET_MESSAGE_TTL_MS }, now);
    c.header('cache-control', 'no-store');
    return replyOk(c, { message });
  });

  /** Checks a signature over the address's live message on this site and uses the message up; the identity it proves. */
  async function proveWallet(c: Context<GatewayEnv>, fields: JsonObject): Promise<ThirdIdentity> {
    const address = readAddress(fields);
    const signature = readSignature(fields);
    const ip = ctx.clientIp(c);
    const pair = `wallet:fail:${address}\n${ip}`;
    const byIp = `wallet:fail-ip:${ip}`;
    if (
      ctx.limiter.isLimited(pair, WALLET_FAILURE_PAIR_LIMIT) ||
      ctx.limiter.isLimited(byIp, WALLET_FAILURE_IP_LIMIT)
    ) {
      throw rateLimited();
    }
    try {
      const now = ctx.now();
      const stored = store.find(address, now);
      if (!stored) throw WALLET_ERRORS.noMessage();
      const parsed = parseSiweMessage(stored.message);
      const site = siteOf(tctx, c);
      if (!site || parsed.domain !== site.host || parsed.uri !== site.origin) throw WALLET_ERRORS.wrongSite();
      if (parsed.chainId === undefined || !settings.chainIds.includes(parsed.chainId)) {
        throw WALLET_ERRORS.chainNotAllowed();
      }
      const isLive = validateSiweMessage({
        message: parsed,
        address,
        domain: site.host,
        nonce: stored.nonce,
        time: new Date(now),
      });
      if (!isLive) throw WALLET_ERRORS.noMessage();
      let signer: string;
      try {
        signer = await recoverMessageAddress({ message: stored.message, signature });
      } catch {
        throw WALLET_ERRORS.badSignature();
      }
      if (signer.toLowerCase() !== address) throw WALLET_ERRORS.badSignature();
      // Single use: of two requests carrying the same signature, one deletes the message and the other is refused.
      if (!store.consume(address, stored.nonce)) throw WALLET_ERRORS.noMessage();
    } catch (error) {
      if (error instanceof AuthError) {
        ctx.limiter.hit(pair);
        ctx.limiter.hit(byIp);
      }
      throw error;
    }
    return { provider: 'wallet', subject: address, label: walletLabel(address), email: null };
  }

  routes.post(WALLET_PATHS.sign, async (c) => {
    // The signature comes in the login envelope, whose client key the session is bound to.
    const { fields, clientKey } = await readThirdFields(tctx, c);
    const identity = await proveWallet(c, fields);
    return answerThird(tctx, c, (facts) => signInWithIdentity(tctx, facts, identity, clientKey));
  });

  routes.post(WALLET_PATHS.check, async (c) => {
    const submitted = await readThirdFields(tctx, c);
    const identity = await proveWallet(c, submitted.fields);
    return answerThird(tctx, c, (facts) =>
      linkWithPassword(tctx, facts, identity, submitted.fields, submitted.clientKey),
    );
  });

  return routes;
}
