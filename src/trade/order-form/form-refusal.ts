import {
  accountStampOf,
  type RefusalStamps,
  refusalCauseOf,
  type ShownRefusal,
} from '../../../engine/rules/refusal-standing';
import { RequestError } from '../../api/request';
import type { AccountSnapshot } from '../account-panels/account-store';
import { errorText } from '../trade-api';

/** Fingerprints of what refusals depend on: positions and open orders, and the balances. */
export function refusalStampsOf(account: AccountSnapshot): RefusalStamps {
  const balances = account.spotAssets.data.map((asset) => `${asset.coin}:${asset.available}`).join(',');
  return {
    account: accountStampOf(account.positions.data, account.openOrders.data),
    balance: `${balances}|${account.futuresAccount.data?.available ?? ''}`,
  };
}

/** A failed call as the form shows it, tied to the state its cause depended on at that moment. */
export function refusalOf(error: unknown, stamps: RefusalStamps): ShownRefusal {
  const cause = refusalCauseOf(error instanceof RequestError ? error.details.code : undefined);
  return { text: errorText(error), cause, stamp: cause === 'input' ? '' : stamps[cause] };
}
