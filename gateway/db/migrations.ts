import { API_KEY_MIGRATIONS } from '../apikeys/api-key-migrations';
import { AUTH_MIGRATIONS } from '../auth/auth-migrations';
import { SECURITY_MIGRATIONS } from '../security/security-migrations';
import { TRADING_MIGRATIONS } from '../trading/trading-migrations';
import { CORE_MIGRATIONS } from './core-migrations';
import type { Migration } from './migration';

/** Every schema change of the gateway database, gathered from each area; append only, never edit an applied one. */
export const MIGRATIONS: readonly Migration[] = [
  ...CORE_MIGRATIONS,
  ...SECURITY_MIGRATIONS,
  ...AUTH_MIGRATIONS,
  ...TRADING_MIGRATIONS,
  ...API_KEY_MIGRATIONS,
];
