import type { Hono } from 'hono';
import type { AuthContext } from '../auth/auth-context';
import type { GatewayEnv } from '../http/gateway-env';
import { linkOnLoginCompletion, type ThirdContext } from './third-core';
import { type ThirdPublicConfig, thirdRoutes } from './third-routes';
import { telegramRoutes } from './telegram/telegram-routes';
import { readTelegramSettings, telegramPublicConfig } from './telegram/telegram-settings';
import { qrRoutes } from './qr/qr-routes';
import { qrPublicConfig, readQrSettings } from './qr/qr-settings';
import { walletRoutes } from './wallet/wallet-routes';
import { oidcRoutes } from './oidc/oidc-routes';
import { oidcPublicConfig, readOidcSettings } from './oidc/oidc-settings';
import { readWalletSettings, walletPublicConfig } from './wallet/wallet-settings';

/** The product's public origins (`PUBLIC_ORIGINS`, comma-separated), which the providers' domain checks accept. */
function readOrigins(env: NodeJS.ProcessEnv): string[] {
  return (env.PUBLIC_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => /^https?:\/\/[^/]+$/.test(origin));
}

/**
 * Third-party and QR sign-in (spec §7.4): the shared linking and registration calls and each provider whose settings
 * are present; a provider without settings is absent from the config, so the pages hide its button.
 */
export function createThirdParty(auth: AuthContext, env: NodeJS.ProcessEnv, localMode: boolean): Hono<GatewayEnv> {
  const tctx: ThirdContext = { auth, db: auth.db, localMode, origins: readOrigins(env) };
  linkOnLoginCompletion(auth);
  const telegram = readTelegramSettings(env, localMode);
  const wallet = readWalletSettings(env, localMode);
  const qr = readQrSettings(env, localMode);
  const oidc = readOidcSettings(env, localMode);
  const config: ThirdPublicConfig = {
    telegram: telegram ? telegramPublicConfig(telegram) : null,
    wallet: wallet ? walletPublicConfig(wallet) : null,
    google: oidc ? oidcPublicConfig(oidc, 'google') : null,
    apple: oidc ? oidcPublicConfig(oidc, 'apple') : null,
    qr: qr ? qrPublicConfig(qr) : null,
  };
  const routes = thirdRoutes(tctx, () => config);
  if (telegram) routes.route('/', telegramRoutes(tctx, telegram));
  if (wallet) routes.route('/', walletRoutes(tctx, wallet));
  if (qr) routes.route('/', qrRoutes(tctx, qr));
  if (oidc) routes.route('/', oidcRoutes(tctx, oidc));
  return routes;
}
