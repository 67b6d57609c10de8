import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useRead } from '../../api/use-read';
import { useT } from '../../i18n/i18n';
import { StateView } from '../../ui/StateView';
import { AssetStates } from '../AssetStates';
import { CoinNetworkPicker, pickNetwork } from './CoinNetworkPicker';
import { loadCoins } from './funds-api';
import { WithdrawForm } from './WithdrawForm';
import './funds.css';

/** `coin/withdraw`: the coin and network, then their withdrawal form (WithdrawForm); a new choice starts a new form. */
export function WithdrawPage() {
  const t = useT();
  const search = useSearch({ from: '/asset/withdraw' });
  const navigate = useNavigate({ from: '/asset/withdraw' });
  const coins = useRead(loadCoins, { refreshMs: 10 * 60_000 });
  return (
    <div className="asset-card funds">
      <div className="asset-toolbar">
        <h2 className="asset-card__title">{t('asset.withdraw.title')}</h2>
        <Link to="/asset/address" className="asset-link">
          {t('asset.address.open')}
        </Link>
      </div>
      <AssetStates state={coins.state} onRetry={coins.refresh}>
        {(list, isKept) => {
          const { coin, chain, network } = pickNetwork(list, search, 'withdrawEnabled');
          return (
            <>
              <CoinNetworkPicker
                coins={list}
                coin={coin}
                chain={chain}
                can="withdrawEnabled"
                onChange={(next) => void navigate({ search: next, replace: true })}
              />
              {network ? (
                <WithdrawForm key={`${coin}/${chain}`} coin={coin} network={network} isKept={isKept} />
              ) : (
                <StateView state="empty" message={t('asset.account.soon')} />
              )}
            </>
          );
        }}
      </AssetStates>
    </div>
  );
}
