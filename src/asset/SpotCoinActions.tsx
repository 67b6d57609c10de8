import { Link } from '@tanstack/react-router';
import { useT } from '../i18n/i18n';
import { Button } from '../ui/Button';

const LINK_CLASS = 'button button--secondary button--sm';

export interface SpotCoinActionsProps {
  coin: string;
  /** The coin's pair against USDT when the exchange lists it (its trading screen is offered), else null. */
  pair: string | null;
  /** Deposits and withdrawals are offered: not in simulation mode, whose demo money never leaves the simulation. */
  canMoveFunds: boolean;
  /** Opens the transfer dialog for this coin; null for a coin transfers do not move. */
  onTransfer: (() => void) | null;
  /** The figures are last-known ones (offline): a transfer waits for the connection. */
  isKept: boolean;
}

/**
 * What a coin of the spot account leads to: Deposit and Withdraw (that coin's pages), Trade (its pair's screen) and
 * Transfer (the dialog), each named with the coin for a screen reader; they wrap rather than widen a phone's row.
 */
export function SpotCoinActions({ coin, pair, canMoveFunds, onTransfer, isKept }: SpotCoinActionsProps) {
  const t = useT();
  return (
    <div className="asset-row-actions" data-testid="coin-actions">
      {canMoveFunds && (
        <>
          <Link
            to="/asset/deposit"
            search={{ coin }}
            className={LINK_CLASS}
            aria-label={t('asset.row.deposit', { coin })}
          >
            {t('asset.deposit.open')}
          </Link>
          <Link
            to="/asset/withdraw"
            search={{ coin }}
            className={LINK_CLASS}
            aria-label={t('asset.row.withdraw', { coin })}
          >
            {t('asset.withdraw.open')}
          </Link>
        </>
      )}
      {pair && (
        <Link
          to="/spot/$symbol"
          params={{ symbol: pair }}
          className={LINK_CLASS}
          aria-label={t('asset.row.trade', { coin })}
        >
          {t('asset.trade')}
        </Link>
      )}
      {onTransfer && (
        <Button
          size="sm"
          onClick={onTransfer}
          disabled={isKept}
          title={isKept ? t('asset.offlineAction') : undefined}
          aria-label={t('asset.row.transfer', { coin })}
        >
          {t('asset.transfer.open')}
        </Button>
      )}
    </div>
  );
}
