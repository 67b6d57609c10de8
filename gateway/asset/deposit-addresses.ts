import { createHmac, hkdfSync, type KeyObject } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import type { ChainSpec } from '../market/coin-networks';

/** A user's deposit address on one coin and chain (`memo` null unless the chain needs one). */
export interface DepositAddress {
  coin: string;
  chain: string;
  address: string;
  memo: string | null;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';
/** Tries past a clash with another user's address (a 9-digit destination tag may clash; the rest practically never). */
const MAX_TRIES = 16;

/**
 * The key deposit addresses are derived with: HKDF-SHA-256 over the server's private key with a label of its own,
 * so the addresses depend on a secret no client sees without the signing key itself ever being used for them.
 */
export function depositAddressKey(serverPrivateKey: KeyObject): Buffer {
  const secret = serverPrivateKey.export({ format: 'der', type: 'pkcs8' });
  return Buffer.from(hkdfSync('sha256', secret, 'paper-exchange', 'deposit addresses v1', 32));
}

/**
 * Each user's deposit address per coin and chain (assets contract, "Deposit"): derived with an HMAC of the user id,
 * coin and chain under a server key, so no address tells anything about another user's, and kept once given out, so
 * it stays the same even if the server key changes. No two users share an address (and memo) on a chain.
 */
export class DepositAddresses {
  private readonly find: Statement;
  private readonly insert: Statement;

  constructor(
    db: Database,
    private readonly key: Buffer,
  ) {
    this.find = db.prepare(
      'SELECT address, memo FROM asset_deposit_addresses WHERE user_id = ? AND coin = ? AND chain = ?',
    );
    this.insert = db.prepare(
      `INSERT INTO asset_deposit_addresses (user_id, coin, chain, address, memo, c_time) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    );
  }

  /** The user's address on the coin's chain, made and kept on first use. */
  addressOf(userId: string, coin: string, spec: ChainSpec, now: number): DepositAddress {
    const kept = this.find.get(userId, coin, spec.chain) as { address: string; memo: string } | undefined;
    if (kept) return { coin, chain: spec.chain, address: kept.address, memo: kept.memo === '' ? null : kept.memo };
    for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
      const made = deriveAddress(this.key, userId, coin, spec, attempt);
      this.insert.run(userId, coin, spec.chain, made.address, made.memo ?? '', now);
      // Either this insert won, or another request for the same user did first; a clash with another user's
      // address inserts nothing and tries the next derivation.
      const stored = this.find.get(userId, coin, spec.chain) as { address: string; memo: string } | undefined;
      if (stored)
        return { coin, chain: spec.chain, address: stored.address, memo: stored.memo === '' ? null : stored.memo };
    }
    throw new Error(`no free deposit address on ${spec.chain}`);
  }
}

/** The `attempt`-th derivation of a user's address on a chain: well formed under the chain's address pattern. */
export function deriveAddress(
  key: Buffer,
  userId: string,
  coin: string,
  spec: ChainSpec,
  attempt: number,
): { address: string; memo: string | null } {
  const bytes = stream(key, `${userId}\n${coin}\n${spec.chain}\n${attempt}`);
  switch (spec.chain) {
    case 'TRC20':
      return { address: `T${pick(bytes, BASE58, 33)}`, memo: null };
    case 'ERC20':
      return { address: `0x${mixedCase(pick(bytes, HEX, 40), bytes)}`, memo: null };
    case 'BTC':
      return { address: `bc1q${pick(bytes, BECH32, 38)}`, memo: null };
    case 'XRP':
      // A 9-digit destination tag beside an address of the user's own.
      return { address: `r${pick(bytes, BASE58, 33)}`, memo: String(100_000_000 + (readUint32(bytes) % 900_000_000)) };
    default:
      throw new Error(`no address form for chain ${spec.chain}`);
  }
}

/** An endless reader of HMAC-SHA-256 blocks of `label` under `key`. */
function stream(key: Buffer, label: string): () => number {
  let block = Buffer.alloc(0);
  let counter = 0;
  let at = 0;
  return () => {
    if (at >= block.length) {
      block = createHmac('sha256', key).update(`${label}\n${counter}`).digest();
      counter += 1;
      at = 0;
    }
    const byte = block[at]!;
    at += 1;
    return byte;
  };
}

/** `count` characters of `alphabet`, each from one byte (the slight bias of base58 costs nothing here). */
function pick(next: () => number, alphabet: string, count: number): string {
  let text = '';
  for (let i = 0; i < count; i += 1) text += alphabet[next() % alphabet.length];
  return text;
}

/**
 * Hex letters in a random case: a mixed-case address whose case is not its EIP-55 checksum is refused by wallets
 * that check it, so a paper address copied into a real wallet is unlikely to receive real funds.
 */
function mixedCase(hex: string, next: () => number): string {
  return [...hex].map((char) => (next() & 1 ? char.toUpperCase() : char)).join('');
}

function readUint32(next: () => number): number {
  return ((next() << 24) | (next() << 16) | (next() << 8) | next()) >>> 0;
}
