import { useEffect, useRef } from 'react';
import { useT } from '../../../i18n/i18n';
import { type DiscoveredWallet, isSafeIcon } from './eip6963';

/** Where the "no wallet" state sends people to get one. */
export const GET_WALLET_URL = 'https://ethereum.org/wallets/find-wallet/';

/** The chooser's wallets and what choosing or closing does. */
export interface WalletChooserProps {
  wallets: readonly DiscoveredWallet[];
  /** The wallet being asked to sign, whose row shows it is waiting. */
  busyUuid: string | null;
  onChoose(wallet: DiscoveredWallet): void;
  onClose(): void;
}

/** The list of wallets found in this browser (icon and name, buttons reachable by keyboard), or the "no wallet" state. */
export function WalletChooser({ wallets, busyUuid, onChoose, onClose }: WalletChooserProps) {
  const t = useT();
  const firstRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  return (
    <fieldset
      className="wallet-chooser"
      data-testid="wallet-chooser"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <legend className="wallet-chooser__title">{t('third.wallet.chooserTitle')}</legend>
      {wallets.length === 0 ? (
        <p className="wallet-chooser__empty" role="status">
          {t('third.wallet.noWallet')}{' '}
          <a href={GET_WALLET_URL} target="_blank" rel="noopener noreferrer">
            {t('third.wallet.getWallet')}
          </a>
        </p>
      ) : (
        <ul className="wallet-chooser__list">
          {wallets.map((wallet, index) => (
            <li key={wallet.info.uuid}>
              <button
                ref={index === 0 ? firstRef : undefined}
                type="button"
                className="wallet-chooser__option"
                disabled={busyUuid !== null}
                aria-busy={busyUuid === wallet.info.uuid}
                onClick={() => onChoose(wallet)}
              >
                {isSafeIcon(wallet.info.icon) ? (
                  <img className="wallet-chooser__icon" src={wallet.info.icon} alt="" width={24} height={24} />
                ) : (
                  <span className="wallet-chooser__icon wallet-chooser__icon--blank" aria-hidden="true" />
                )}
                <span>{wallet.isLegacy ? t('third.wallet.browserWallet') : wallet.info.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="wallet-chooser__close" onClick={onClose}>
        {t('third.wallet.close')}
      </button>
    </fieldset>
  );
}
