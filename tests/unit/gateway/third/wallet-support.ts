import { Hono } from 'hono';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { runMigrations } from '../../../../gateway/db/migration';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { riskTokenRoutes } from '../../../../gateway/security/risk-token-routes';
import type { ThirdContext } from '../../../../gateway/third/third-core';
import { THIRD_MIGRATIONS } from '../../../../gateway/third/third-migrations';
import { WALLET_MIGRATIONS } from '../../../../gateway/third/wallet/wallet-migrations';
import { WALLET_PATHS, walletRoutes } from '../../../../gateway/third/wallet/wallet-routes';
import type { WalletSettings } from '../../../../gateway/third/wallet/wallet-settings';
import { type AuthHarness, type Browser, makeAuthHarness } from '../auth/auth-support';

/** Two fixed test keys (never funded anywhere). */
export const KEY_A = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const KEY_B = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';
export const walletA: PrivateKeyAccount = privateKeyToAccount(KEY_A);
export const walletB: PrivateKeyAccount = privateKeyToAccount(KEY_B);

/** The product origin the non-local harness serves. */
export const PRODUCT_ORIGIN = 'https://exchange.example';

/** The auth harness with the wallet routes mounted, as app.ts mounts them (behind the risk check when `riskRequired`). */
export interface WalletHarness extends AuthHarness {
  tctx: ThirdContext;
  settings: WalletSettings;
}

/** Builds the harness; `localMode: false` checks domains against PRODUCT_ORIGIN and `riskRequired` adds the §7.6 check. */
export function makeWalletHarness(
  options: { localMode?: boolean; riskRequired?: boolean; chainIds?: number[] } = {},
): WalletHarness {
  const h = makeAuthHarness({ localMode: options.localMode ?? true });
  runMigrations(h.db, [...THIRD_MIGRATIONS, ...WALLET_MIGRATIONS]);
  const tctx: ThirdContext = {
    auth: h.ctx,
    db: h.db,
    localMode: options.localMode ?? true,
    origins: [PRODUCT_ORIGIN],
  };
  const settings: WalletSettings = { chainIds: options.chainIds ?? [1, 137], productName: 'Exchange' };
  const outer = new Hono<GatewayEnv>();
  const device = riskTokenRoutes({ db: h.db, required: options.riskRequired ?? false, now: () => h.clock.now });
  outer.use('/v1/*', device.riskCheck);
  outer.route('/', device.routes);
  // On the auth app itself, behind its session middleware, as app.ts mounts the third-party routes.
  h.app.route('/', walletRoutes(tctx, settings));
  outer.route('/', h.app);
  return Object.assign(h, { app: outer, tctx, settings });
}

/** The reply envelope of a call. */
export interface Reply {
  code: string;
  status?: string;
  msg: string;
  data: Record<string, unknown> | null;
}

/** POSTs a wallet call and reads its envelope. */
export async function callWallet(
  browser: Browser,
  path: keyof typeof WALLET_PATHS,
  body: Record<string, unknown>,
  origin?: string,
): Promise<Reply> {
  return (await (await browser.post(WALLET_PATHS[path], body, { origin })).json()) as Reply;
}

/** Asks for a sign-in message for a wallet; returns the message text (throws when refused). */
export async function requestMessage(browser: Browser, account: PrivateKeyAccount, chainId = '1', origin?: string) {
  const reply = await callWallet(browser, 'nonce', { publicAddress: account.address, chainId }, origin);
  if (reply.code !== '00000') throw new Error(`nonce refused: ${reply.code} ${reply.msg}`);
  return (reply.data as { message: string }).message;
}

/** Rows in a table, to prove a refused call created nothing. */
export function countRows(h: AuthHarness, table: string): number {
  return (h.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}
