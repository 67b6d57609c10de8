import { t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/i18n';

/** Gateway codes whose text the client shows in the user's language instead of the server's English. */
const CODE_TEXTS: Record<string, MessageKey> = {
  '00005': 'error.loginvalid',
  '00020': 'error.signMissing',
  '00021': 'error.signMode',
  '00022': 'error.signExpired',
  '00023': 'error.signInvalid',
  // A request the gateway could not read: bad JSON, a refused field, a cut-off or too deeply nested body (spec §8).
  '40001': 'error.badInput',
  '40002': 'error.badInput',
  '40004': 'error.badInput',
  '40005': 'error.badInput',
  '40101': 'auth.errCredentials',
  '40102': 'auth.errCode',
  '40103': 'auth.errPending',
  '40104': 'auth.errAttempts',
  '40107': 'auth.errRegistered',
  '40301': 'sub.switchFailed',
  '40112': 'stepUp.required',
  '40140': 'error.riskToken',
  '40429': 'auth.errRateLimited',
  // Third-party sign-in (spec §7.4); its texts load with the sign-in, registration and settings pages.
  '40160': 'third.err.expired',
  '40161': 'third.err.identityTaken',
  '40162': 'third.err.providerTaken',
  '40163': 'third.err.emailNotVouched',
  '40164': 'third.err.nothingToVerify',
  '40165': 'third.err.emailNotVerified',
  '40166': 'third.err.notLinked',
  '40167': 'third.err.lastMethod',
  // Trading (the contract's order and position refusals); its texts load with the trading pages.
  '43001': 'trade.form.code43001',
  '43002': 'trade.form.code43002',
  '43003': 'trade.form.code43003',
  '43004': 'trade.form.code43004',
  '43005': 'trade.form.code43005',
  '43006': 'trade.form.code43006',
  '43007': 'trade.form.code43007',
  '43008': 'trade.form.code43008',
  '43009': 'trade.form.code43009',
  '43010': 'trade.form.code43010',
  '43012': 'trade.pos.code43012',
  '43013': 'trade.pos.code43013',
};

/** The localized text of a gateway code the client translates, or null for a code it shows as the server sent it. */
export function localizedCodeText(code: string): string | null {
  const key = Object.hasOwn(CODE_TEXTS, code) ? CODE_TEXTS[code] : undefined;
  return key ? t(key) : null;
}

/** The codes of a request the gateway could not read (bad JSON, a refused field, a broken body): "check what you typed". */
const INPUT_REFUSED = new Set(['40001', '40002', '40004', '40005']);

/** Whether a failed call's code says the gateway refused what was sent (so the form, not the network, is at fault). */
export function isInputRefused(code: string | undefined): boolean {
  return code !== undefined && INPUT_REFUSED.has(code);
}
