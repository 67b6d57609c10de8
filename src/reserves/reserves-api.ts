import { RequestError } from '../api/request';
import { ReplyShapeError } from '../api/reply-shape';
import { isOfflineError } from '../api/failures';
import { api } from '../security/secured-api';

/** One coin's line of the summary: what the exchange holds, what it owes its users, and reserves / liabilities in %. */
export interface CoinReserves {
  coin: string;
  reserves: string;
  liabilities: string;
  /** Reserves over liabilities as a percent with 2 decimals ("104.20"). */
  ratio: string;
}

/** One published tree: its root, when it was built and how many accounts it commits. */
export interface PublishedRoot {
  builtAt: number;
  root: string;
  leafCount: number;
}

/** `GET /v1/public/reserves/summary`; `latest` is null before the gateway's first build is published. */
export interface ReservesSummary {
  latest: PublishedRoot | null;
  coins: CoinReserves[];
  history: PublishedRoot[];
}

/** A summary the page kept, with when it arrived (shown while offline). */
export interface KeptSummary {
  summary: ReservesSummary;
  receivedAt: number;
}

const HEX64 = /^[0-9a-f]{64}$/;
const DECIMAL = /^(0|[1-9]\d{0,39})(\.\d{1,18})?$/;
const COIN = /^[A-Z0-9]{1,20}$/;
const MAX_COINS = 500;
const MAX_HISTORY = 1000;
const KEPT_KEY = 'reserves.summary';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function readRoot(value: unknown, field: string): PublishedRoot {
  if (!isRecord(value)) throw new ReplyShapeError(field);
  const { builtAt, root, leafCount } = value;
  if (!isTime(builtAt)) throw new ReplyShapeError(`${field}.builtAt`);
  if (typeof root !== 'string' || !HEX64.test(root)) throw new ReplyShapeError(`${field}.root`);
  if (!isCount(leafCount) || leafCount < 1) throw new ReplyShapeError(`${field}.leafCount`);
  return { builtAt, root, leafCount };
}

function readCoin(value: unknown, index: number): CoinReserves {
  const field = `coins[${index}]`;
  if (!isRecord(value)) throw new ReplyShapeError(field);
  const { coin, reserves, liabilities, ratio } = value;
  if (typeof coin !== 'string' || !COIN.test(coin)) throw new ReplyShapeError(`${field}.coin`);
  for (const [name, amount] of [
    ['reserves', reserves],
    ['liabilities', liabilities],
    ['ratio', ratio],
  ] as const)
    if (typeof amount !== 'string' || !DECIMAL.test(amount)) throw new ReplyShapeError(`${field}.${name}`);
  return { coin, reserves: reserves as string, liabilities: liabilities as string, ratio: ratio as string };
}

/** Reads an untrusted summary reply field by field; throws ReplyShapeError naming the first bad field. */
export function readSummary(value: unknown): ReservesSummary {
  if (!isRecord(value)) throw new ReplyShapeError('summary');
  const { builtAt, root, leafCount, coins, history } = value;
  const latest = builtAt === null && root === null ? null : readRoot({ builtAt, root, leafCount }, 'latest');
  if (!Array.isArray(coins) || coins.length > MAX_COINS) throw new ReplyShapeError('coins');
  if (!Array.isArray(history) || history.length > MAX_HISTORY) throw new ReplyShapeError('history');
  const lines = coins.map(readCoin);
  if (new Set(lines.map((line) => line.coin)).size !== lines.length) throw new ReplyShapeError('coins');
  return { latest, coins: lines, history: history.map((entry, i) => readRoot(entry, `history[${i}]`)) };
}

let kept: KeptSummary | null = null;

/** The last good summary of this session (memory first, then sessionStorage), for the offline state. */
export function keptSummary(): KeptSummary | null {
  if (kept) return kept;
  try {
    const text = sessionStorage.getItem(KEPT_KEY);
    if (!text) return null;
    const stored = JSON.parse(text) as { receivedAt?: unknown; summary?: unknown };
    if (!isTime(stored.receivedAt)) return null;
    const summary = stored.summary as { latest?: PublishedRoot | null } & Record<string, unknown>;
    // Stored in the reply's own shape, so the same reader checks it again (sessionStorage is not trusted either).
    kept = {
      receivedAt: stored.receivedAt,
      summary: readSummary({
        ...summary,
        builtAt: summary.latest?.builtAt ?? null,
        root: summary.latest?.root ?? null,
        leafCount: summary.latest?.leafCount ?? 0,
      }),
    };
    return kept;
  } catch {
    return null;
  }
}

function keep(summary: ReservesSummary, receivedAt: number): void {
  kept = { summary, receivedAt };
  try {
    sessionStorage.setItem(KEPT_KEY, JSON.stringify(kept));
  } catch {
    // A full or refused storage only loses the offline copy across reloads; memory still has it.
  }
}

/** The public summary, checked; kept for the offline state. Failures are thrown for the page to show. */
export async function fetchReservesSummary(): Promise<ReservesSummary> {
  const summary = readSummary(await api.get<unknown>('/public/reserves/summary', { silent: true }));
  keep(summary, Date.now());
  return summary;
}

/** The signed-in user's proof against the latest tree, unread (the worker reads and checks it). */
export function fetchReservesProof(): Promise<unknown> {
  return api.get<unknown>('/asset/reserves/proof', { silent: true });
}

/** The calls the page makes, so tests can give it their own. */
export interface ReservesServices {
  fetchSummary: () => Promise<ReservesSummary>;
  fetchProof: () => Promise<unknown>;
}

export const reservesServices: ReservesServices = {
  fetchSummary: fetchReservesSummary,
  fetchProof: fetchReservesProof,
};

/** Why the user's own proof could not be had: signed out, not in the latest tree, tree not built yet, or other. */
export type ProofFailure = 'signedOut' | 'simulation' | 'notInTree' | 'notReady' | 'rateLimited' | 'offline' | 'failed';

/** Tells a failed proof download's reason from the gateway's code (gateway/reserves/reserves-errors.ts). */
export function proofFailureOf(error: unknown): ProofFailure {
  if (!(error instanceof RequestError)) return 'failed';
  if (error.details.code === '00005' || error.kind === 'login-expired') return 'signedOut';
  // The gateway's codes (with HTTP 403 / 404 / 503 / 429); a reply of that status without a code (a proxy's) is read
  // by its status.
  const { code, status } = error.details;
  const byStatus = error.kind === 'http' && code === undefined ? status : undefined;
  if (code === '40923' || byStatus === 403) return 'simulation';
  if (code === '40920' || byStatus === 404) return 'notInTree';
  if (code === '40921' || byStatus === 503) return 'notReady';
  if (code === '40922' || byStatus === 429) return 'rateLimited';
  if (isOfflineError(error)) return 'offline';
  return 'failed';
}
