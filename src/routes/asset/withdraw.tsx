import { createFileRoute } from '@tanstack/react-router';
import { coinSearch, type CoinSearch } from '../../asset/funds/coin-search';
import { WithdrawPage } from '../../asset/funds/WithdrawPage';

/** `/asset/withdraw` (the app's `coin/withdraw`): `?coin=&chain=` preselects. */
export const Route = createFileRoute('/asset/withdraw')({
  staticData: { title: 'title.withdraw' },
  validateSearch: (search: Record<string, unknown>): CoinSearch => coinSearch(search),
  component: WithdrawPage,
});
