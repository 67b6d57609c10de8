import { compareDecimalText } from '../../engine/rules/market-sort';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toCoinPlaces } from '../../engine/rules/coin-places';
import { isZeroDecimal, numericValue } from '../../engine/rules/numeric-input';
import { RequestError } from '../api/request';
import { type FamilyAccount, loadFamily } from '../auth/sub-accounts';
import { useIntlTag, useT } from '../i18n/i18n';
import { randomHex } from '../platform/random-hex';
import { api } from '../security/secured-api';
import { authState } from '../session/auth-state';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { toast } from '../ui/toast';
import { coinShownPlaces, fixedText } from './asset-format';
import { AmountField } from './funds/FundsFields';
import { type FuturesAssets, type SpotAsset, subTransfer, type TransferAccount, transfer } from './asset-api';

/** Transfers move USDT, the futures account's only margin coin. */
const COIN = 'USDT';
/** The amount is typed (spec §5), shown and filled by Max at the coin's own places (USDT 4, coin-places.ts). */
const PLACES = coinShownPlaces(COIN);

export interface TransferDialogProps {
  initialFrom?: TransferAccount;
  onClose(): void;
  /** After a transfer went through: the page reads its figures again. */
  onDone(): void;
}

const other = (account: TransferAccount): TransferAccount => (account === 'spot' ? 'futures' : 'spot');

/** What each account can send now: spot's available USDT, futures' transferable (gateway/asset/asset-api.md). */
async function loadTransferable(): Promise<Record<TransferAccount, string>> {
  const [spot, futures] = await Promise.all([
    api.get<SpotAsset[]>('/asset/spot', { silent: true }),
    api.get<FuturesAssets>('/asset/futures', { silent: true }),
  ]);
  return { spot: spot.find((asset) => asset.coin === COIN)?.available ?? '0', futures: futures.transferable };
}

/**
 * The family's accounts, this one among them: the main account and its sub-accounts; none
 * for a demo account (its money is the simulation's), and none when the family is this account alone.
 */
async function loadRecipients(): Promise<FamilyAccount[]> {
  if (authState.user?.isDemo) return [];
  const members = (await loadFamily()).filter((member) => !member.isDemo && member.userId !== null);
  return members.length > 1 ? members : [];
}

/**
 * `capital/transfer`: USDT between the spot and futures accounts, checked against what is transferable; in a family
 * with sub-accounts, also to another account of the family (its spot or futures account).
 */
export function TransferDialog({ initialFrom = 'spot', onClose, onDone }: TransferDialogProps) {
  const t = useT();
  const intl = useIntlTag();
  const [from, setFrom] = useState<TransferAccount>(initialFrom);
  // What the field shows (spec §5, spaces kept); the request gets its value.
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [transferable, setTransferable] = useState<Record<TransferAccount, string> | null>(null);
  const [busy, setBusy] = useState(false);
  // One id per intended transfer: a retry after a lost reply is refused as a duplicate instead of moving twice.
  const clientOid = useRef(randomHex(16));
  const [recipients, setRecipients] = useState<FamilyAccount[]>([]);
  // '' is this account; another member's id sends the money to that account of the family.
  const [toMember, setToMember] = useState('');
  const [toAccount, setToAccount] = useState<TransferAccount>(other(initialFrom));
  const self = recipients.find((member) => member.isCurrent) ?? null;
  const recipient = toMember === '' ? null : (recipients.find((member) => member.userId === toMember) ?? null);
  // Within one account the two sides differ; to another account either of its two may receive.
  const to = recipient ? toAccount : other(from);

  useEffect(() => {
    let live = true;
    loadTransferable().then(
      (figures) => live && setTransferable(figures),
      () => live && setTransferable(null),
    );
    loadRecipients().then(
      (members) => live && setRecipients(members),
      // Without the list, transfers stay within this account.
      () => live && setRecipients([]),
    );
    return () => {
      live = false;
    };
  }, []);

  const available = transferable?.[from] ?? null;
  const memberName = (member: FamilyAccount) => (member.isMain ? `${member.name} (${t('sub.main')})` : member.name);
  const value = numericValue(amount);
  // Typing keeps the coin's places, so a value is whole and positive, or it is not one yet.
  const check = (): string | null => {
    if (value === null || isZeroDecimal(value)) return t('asset.transfer.errAmount');
    if (available !== null && compareDecimalText(value, available) > 0) return t('asset.transfer.errTooMuch');
    return null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check();
    setError(problem);
    if (problem || value === null) return;
    setBusy(true);
    try {
      const sent = value;
      const request = { from, to, coin: COIN, amount: sent, clientOid: clientOid.current };
      const reply =
        recipient?.userId && self?.userId
          ? await subTransfer({ ...request, fromUserId: self.userId, toUserId: recipient.userId })
          : await transfer(request);
      // The amount as typed, in the page's number format (the reply carries all 8 places of the ledger).
      const places = sent.includes('.') ? sent.length - sent.indexOf('.') - 1 : 0;
      const figures = { amount: fixedText(sent, places, intl), coin: reply.coin, account: t(`asset.account.${to}`) };
      toast.success(
        recipient
          ? t('asset.transfer.doneMember', { ...figures, name: memberName(recipient) })
          : t('asset.transfer.done', figures),
      );
      onDone();
      onClose();
    } catch (failure) {
      // The typed amount stays; the message says why, in the user's language where the code is known.
      const code = failure instanceof RequestError ? failure.details.code : undefined;
      // The family refusal (40305) comes with HTTP 403, which the request layer reports by its status.
      const isRefusedAccount =
        code === '40305' ||
        (failure instanceof RequestError && failure.kind === 'http' && failure.details.status === 403);
      setError(
        code === '43004'
          ? t('asset.transfer.errTooMuch')
          : isRefusedAccount
            ? t('asset.transfer.errMember')
            : failure instanceof RequestError && failure.kind === 'business' && failure.message
              ? failure.message
              : t('asset.transfer.failed'),
      );
      clientOid.current = randomHex(16);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} size="sm" title={t('asset.transfer.title')} className="asset-transfer">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="asset-transfer__route">
          <label className="asset-field">
            <span>{t('asset.transfer.from')}</span>
            <select
              value={from}
              onChange={(event) => setFrom(event.target.value as TransferAccount)}
              data-testid="transfer-from"
            >
              <option value="spot">{t('asset.account.spot')}</option>
              <option value="futures">{t('asset.account.futures')}</option>
            </select>
          </label>
          <Button
            type="button"
            variant="plain"
            size="sm"
            onClick={() => setFrom(to)}
            aria-label={t('asset.transfer.swap')}
          >
            ⇄
          </Button>
          <label className="asset-field">
            <span>{t('asset.transfer.to')}</span>
            <select
              value={to}
              onChange={(event) => {
                const chosen = event.target.value as TransferAccount;
                if (recipient) setToAccount(chosen);
                else setFrom(other(chosen));
              }}
              data-testid="transfer-to"
            >
              <option value="spot">{t('asset.account.spot')}</option>
              <option value="futures">{t('asset.account.futures')}</option>
            </select>
          </label>
        </div>
        {recipients.length > 1 && (
          <label className="asset-field asset-transfer__member">
            <span>{t('asset.transfer.toMember')}</span>
            <select
              value={toMember}
              onChange={(event) => {
                setToMember(event.target.value);
                setToAccount(other(from));
              }}
              data-testid="transfer-member"
            >
              <option value="">{t('asset.transfer.self')}</option>
              {recipients
                .filter((member) => !member.isCurrent)
                .map((member) => (
                  <option key={member.userId} value={member.userId ?? ''}>
                    {memberName(member)}
                  </option>
                ))}
            </select>
          </label>
        )}
        <p className="asset-transfer__coin">
          {t('asset.transfer.coin')}: <strong>{COIN}</strong>
        </p>
        <AmountField
          label={t('asset.transfer.amount')}
          value={amount}
          onChange={setAmount}
          error={error}
          hint={
            available === null
              ? undefined
              : t('asset.transfer.available', {
                  amount: fixedText(toCoinPlaces(available, PLACES), PLACES, intl),
                  coin: COIN,
                })
          }
          max={available === null ? null : toCoinPlaces(available, PLACES)}
          decimals={PLACES}
          testId="transfer-amount"
        />
        <div className="asset-transfer__actions">
          <Button type="button" onClick={onClose}>
            {t('asset.transfer.cancel')}
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            {t('asset.transfer.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
