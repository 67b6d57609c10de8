import { API_KEY_MIGRATIONS } from './api-keys/api-key-migrations';
import { AUTH_MIGRATIONS } from './auth/auth-migrations';
import { FEE_MIGRATIONS } from './fees/fee-migrations';
import { CONTENT_MIGRATIONS } from './content/content-migrations';
import { DEVICE_MIGRATIONS } from './auth/sessions/device-migrations';
import { PROFILE_MIGRATIONS } from './auth/profile/profile-migrations';
import { SECURITY_MIGRATIONS } from './security/security-migrations';
import { SUB_ACCOUNT_MIGRATIONS } from './sub-accounts/sub-account-migrations';
import { TRADING_MIGRATIONS } from './trading/trading-migrations';
import { THIRD_MIGRATIONS } from './third/third-migrations';
import { TELEGRAM_MIGRATIONS } from './third/telegram/telegram-migrations';
import { WALLET_MIGRATIONS } from './third/wallet/wallet-migrations';
import { QR_MIGRATIONS } from './third/qr/qr-migrations';
import { OIDC_MIGRATIONS } from './third/oidc/oidc-migrations';
import { RESERVES_MIGRATIONS } from './reserves/reserves-migrations';
import { FUND_MIGRATIONS } from './protection-fund/fund-migrations';
import { CORE_MIGRATIONS } from './db/core-migrations';
import type { Migration } from './db/migration';

/** Every schema change of the gateway database, gathered from each area; append only, never edit an applied one. */
export const MIGRATIONS: readonly Migration[] = [
  ...CORE_MIGRATIONS,
  ...SECURITY_MIGRATIONS,
  ...AUTH_MIGRATIONS,
  // Ids 210–219: the devices page's session columns and the sign-in history.
  ...DEVICE_MIGRATIONS,
  // Ids 220–229: profile, anti-phishing code and sign-in factors.
  ...PROFILE_MIGRATIONS,
  // Ids 240–249: sub-accounts' frozen and deleted states. The list stays in id order.
  ...SUB_ACCOUNT_MIGRATIONS,
  ...TRADING_MIGRATIONS,
  ...API_KEY_MIGRATIONS,
  // Ids 600–609: VIP volumes and fee records.
  ...FEE_MIGRATIONS,
  // Ids 700–749: third-party sign-in (700–709 shared, then each provider's).
  ...THIRD_MIGRATIONS,
  ...TELEGRAM_MIGRATIONS,
  ...WALLET_MIGRATIONS,
  ...OIDC_MIGRATIONS,
  ...QR_MIGRATIONS,
  // Ids 800–809: announcement read marks.
  ...CONTENT_MIGRATIONS,
  // Ids 810–819: proof of reserves (nonces, simulated reserves, published roots).
  ...RESERVES_MIGRATIONS,
  // Ids 820–829: the protection fund's ledger and the key that masks its payouts' users.
  ...FUND_MIGRATIONS,
];
