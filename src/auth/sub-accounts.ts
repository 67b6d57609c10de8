import { mayBeInApp } from '../bridge/app-bridge';
import { api } from '../security/secured-api';
import { beginSession } from './auth-actions';

/** One account of the family as `GET /v1/user/sub/list` answers it; `userId` is null for a demo account not yet created. */
export interface FamilyAccount {
  userId: string | null;
  name: string;
  isMain: boolean;
  isDemo: boolean;
  /** A frozen sub-account cannot be switched to until its main account unfreezes it. */
  isFrozen: boolean;
  isCurrent: boolean;
}

/** What a switch answers (spec §7.5). */
interface SwitchReply {
  userId: string;
  isSub: boolean;
  isDemo: boolean;
  parentId: string | null;
  nickName: string;
}

/** A sub-account name the gateway accepts: 1–20 letters, digits, `_` or `-`. */
export const SUB_NAME_PATTERN = /^[A-Za-z0-9_-]{1,20}$/;

/** The main account, its subs and its demo account; the demo account is listed even before its first use. */
export async function loadFamily(): Promise<FamilyAccount[]> {
  const listed = await api.get<FamilyAccount[]>('/user/sub/list', { silent: true });
  const accounts: FamilyAccount[] = Array.isArray(listed)
    ? listed.map((entry) => ({ ...entry, userId: String(entry.userId) }))
    : [];
  // The gateway creates the demo account on the first switch to it, so the list offers it from the start.
  if (!accounts.some((entry) => entry.isDemo))
    accounts.push({ userId: null, name: '', isMain: false, isDemo: true, isFrozen: false, isCurrent: false });
  return accounts;
}

/** Creates a sub-account of the signed-in main account; failures are thrown for the form to show (not toasted). */
export async function createSubAccount(name: string): Promise<FamilyAccount> {
  return api.post<FamilyAccount>('/user/sub/create', { params: { name }, silent: true });
}

/** Where a switch starts: the account switcher or a page (`account`), or a trading screen entering simulation (`trade`). */
export type SwitchEntry = 'account' | 'trade';

/**
 * The spec §7.5 endpoint for a switch, each where it fits (the gateway checks every one the same way):
 * - `switLogin`: back to the account the user signed in with, the main account (also on leaving simulation);
 * - `switchWeb`: to a sub-account from the web page (the header's switcher, `/account/sub-account`);
 * - `switchApp`: to a sub-account inside the native app's webview, where the web header gives way to the app's;
 * - `switchLoginDemo`: to the family's demo account from the account switcher;
 * - `switchTradeDemo`: to the demo account when a trading screen enters simulation mode (src/simulation).
 */
export function switchPathOf(account: Pick<FamilyAccount, 'isMain' | 'isDemo'>, entry: SwitchEntry): string {
  if (account.isDemo) return entry === 'trade' ? '/user/sub/switchTradeDemo' : '/user/sub/switchLoginDemo';
  if (account.isMain) return '/user/sub/switLogin';
  return mayBeInApp() ? '/user/sub/switchApp' : '/user/sub/switchWeb';
}

/**
 * Switches the session to a family account (spec §4 "Sub-account switching", §7.5) through the endpoint that fits
 * ({@link switchPathOf}): the gateway issues a new session, the crypto worker binds the device key to its new login
 * token and user, then the signed-in user is read again. A refusal is toasted in the user's language by the request
 * layer and rethrown.
 */
export async function switchAccount(
  account: Pick<FamilyAccount, 'userId' | 'isDemo'> & { isMain?: boolean },
  entry: SwitchEntry = 'account',
): Promise<void> {
  const isDemo = account.isDemo || account.userId === null;
  const path = switchPathOf({ isDemo, isMain: account.isMain ?? false }, entry);
  const reply = isDemo
    ? await api.post<SwitchReply>(path)
    : await api.post<SwitchReply>(path, { params: { userId: account.userId } });
  await beginSession(String(reply.userId));
}
