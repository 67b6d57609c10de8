import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ReadStates } from '../api/ReadStates';
import { fresh, useRead } from '../api/use-read';
import { type FamilyAccount, loadFamily, switchAccount } from '../auth/sub-accounts';
import { useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { StateView } from '../ui/StateView';
import { SubCreateForm } from '../account/sub-accounts/SubCreateForm';
import { useStepUp } from '../auth/use-step-up';
import './sub-account-switcher.css';

const readFamily = fresh(loadFamily);

interface FamilyPanelProps {
  onSwitched: () => void;
}

/** The dialog body: the family list (loading, failed, or the accounts) and, for a main account, the create form. */
function FamilyPanel({ onSwitched }: FamilyPanelProps) {
  const t = useT();
  const family = useRead(readFamily);
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  /** Reads the list again after a change, keeping the shown list (and the focus in it) until the new one arrives. */
  const reload = () => void family.refresh();
  // The dialog opened on the spinner, so focus sat on the panel; once the list is in, it moves to the current account.
  const listRef = useRef<HTMLUListElement>(null);
  const isReady = family.state.status === 'ready';
  useEffect(() => {
    const list = listRef.current;
    if (!isReady || !list || list.contains(document.activeElement)) return;
    if (document.activeElement?.getAttribute('role') !== 'dialog') return;
    list.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus();
  }, [isReady]);

  const onChoose = async (account: FamilyAccount) => {
    if (account.isCurrent || switchingTo !== null) return;
    setSwitchingTo(keyOf(account));
    try {
      await switchAccount(account);
      onSwitched();
    } catch {
      // The request layer has shown the localized reason; the list may be stale, so read it again.
      setSwitchingTo(null);
      reload();
    }
  };

  return (
    <ReadStates state={family.state} onRetry={reload} texts={{ failed: t('sub.loadFailed') }}>
      {(accounts) => {
        const main = accounts.filter((account) => account.isMain);
        const subs = accounts.filter((account) => !account.isMain && !account.isDemo);
        const demo = accounts.filter((account) => account.isDemo);
        const isOnMain = main.some((account) => account.isCurrent);
        return (
          <div className="account-panel">
            <ul
              ref={listRef}
              className="account-list"
              aria-label={t('sub.title')}
              onKeyDown={moveFocus}
              data-testid="account-list"
            >
              {[...main, ...subs, ...demo].map((account) => (
                <li key={keyOf(account)}>
                  <AccountRow
                    account={account}
                    isBusy={switchingTo === keyOf(account)}
                    isLocked={switchingTo !== null}
                    onChoose={onChoose}
                  />
                </li>
              ))}
            </ul>
            {subs.length === 0 && <StateView state="empty" message={t('sub.empty')} className="account-panel__empty" />}
            {isOnMain && <CreateSubForm onCreated={reload} />}
          </div>
        );
      }}
    </ReadStates>
  );
}

const keyOf = (account: FamilyAccount) => account.userId ?? 'demo';

interface AccountRowProps {
  account: FamilyAccount;
  isBusy: boolean;
  isLocked: boolean;
  onChoose: (account: FamilyAccount) => void;
}

/** One account: a button that switches to it; the current one is marked (`aria-current`) and does nothing. */
function AccountRow({ account, isBusy, isLocked, onChoose }: AccountRowProps) {
  const t = useT();
  const label = account.isMain ? t('sub.main') : account.isDemo ? t('sub.demo') : t('sub.badge');
  return (
    <Button
      variant="plain"
      block
      className={['account-row', account.isCurrent && 'account-row--current'].filter(Boolean).join(' ')}
      aria-current={account.isCurrent ? 'true' : undefined}
      data-testid="account-option"
      loading={isBusy}
      disabled={isLocked && !isBusy}
      onClick={() => onChoose(account)}
    >
      <span className="account-row__name">{account.isDemo ? t('sub.demo') : account.name}</span>
      <span className="account-row__kind">{account.isCurrent ? `${label} · ${t('sub.current')}` : label}</span>
    </Button>
  );
}

/** Up/Down/Home/End move focus between the account buttons (Tab still works). */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  if (buttons.length === 0) return;
  event.preventDefault();
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : (at + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length;
  buttons[next]?.focus();
}

/** The switcher's create form (the sub-accounts page's own) with its step-up dialog. */
function CreateSubForm({ onCreated }: { onCreated: () => void }) {
  const stepUp = useStepUp();
  return (
    <>
      <SubCreateForm className="account-create" isCompact run={stepUp.run} onCreated={onCreated} />
      {/* Outside the form: React events bubble through portals, and the dialog's own submit must not reach this form. */}
      {stepUp.dialog}
    </>
  );
}

/** The switcher's dialog: its own chunk, loaded when the account button is first used, not with every signed-in page. */
export function SubAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open onClose={onClose} title={t('sub.title')} size="sm" className="account-dialog">
      <FamilyPanel onSwitched={onClose} />
    </Dialog>
  );
}
