import { createFileRoute } from '@tanstack/react-router';
import { DepositPage } from '../../asset/funds/DepositPage';
import { coinSearch, type CoinSearch } from '../../asset/funds/coin-search';

/** `/asset/deposit` (the app's `coin/recharge`): `?coin=USDT&chain=TRC20` preselects; USDT by default. */
export const Route = createFileRoute('/asset/deposit')({
  staticData: { title: 'title.deposit' },
  validateSearch: (search: Record<string, unknown>): CoinSearch => coinSearch(search),
  component: DepositPage,
});
