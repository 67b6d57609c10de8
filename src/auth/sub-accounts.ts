import { api, requestSecurity } from '../security/secured-api';
import { refreshUser } from './auth-actions';

/** One account of the family as `GET /v1/user/sub/list` answers it; `userId` is null for a demo account not yet created. */
export interface FamilyAccount {
  userId: string | null;
  name: string;
  isMain: boolean;
  isDemo: boolean;
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
    accounts.push({ userId: null, name: '', isMain: false, isDemo: true, isCurrent: false });
  return accounts;
}

/** Creates a sub-account of the signed-in main account; failures are thrown for the form to show (not toasted). */
export async function createSubAccount(name: string): Promise<FamilyAccount> {
  return api.post<FamilyAccount>('/user/sub/create', { params: { name }, silent: true });
}

/**
 * Switches the session to a family account (spec §4 "Sub-account switching", §7.5): the gateway issues a new session,
 * the crypto worker binds the device key to its new login token and user, then the signed-in user is read again.
 * A refusal is toasted in the user's language by the request layer and rethrown.
 */
export async function switchAccount(account: Pick<FamilyAccount, 'userId' | 'isDemo'>): Promise<void> {
  const reply =
    account.isDemo || account.userId === null
      ? await api.post<SwitchReply>('/user/sub/switchLoginDemo')
      : await api.post<SwitchReply>('/user/sub/switchWeb', { params: { userId: account.userId } });
  await requestSecurity.afterLogin(String(reply.userId));
  await refreshUser();
}
