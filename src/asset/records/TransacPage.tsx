import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { formatDateTime } from '../../../engine/format/date-time';
import { type MessageKey, useIntlTag, useT } from '../../i18n/i18n';
import { HIDDEN_AMOUNT, useAssetDisplay } from '../../settings/asset-display';
import { coinAmount } from '../asset-format';
import { csvTime } from './csv-export';
import { BILL_KINDS, type Bill, type BillKind, loadBills } from './records-api';
import { RecordsArea } from './RecordsArea';
import { type RecordColumn, RecordsList } from './RecordsList';

const KIND_TEXT: Record<BillKind, MessageKey> = {
  deposit: 'asset.kind.deposit',
  withdraw: 'asset.kind.withdraw',
  withdraw_fee: 'asset.kind.withdraw_fee',
  transfer: 'asset.kind.transfer',
  trade: 'asset.kind.trade',
  fee: 'asset.kind.fee',
  realized_pnl: 'asset.kind.realized_pnl',
  funding: 'asset.kind.funding',
  liquidation: 'asset.kind.liquidation',
  grant: 'asset.kind.grant',
};
const KINDS = BILL_KINDS.map((value) => ({ value, label: KIND_TEXT[value] }));

/** How many decimals a decimal string carries. */
export const placesOf = (value: string) => (value.includes('.') ? value.length - value.indexOf('.') - 1 : 0);

/** `/transac`: every balance change of the account, filtered by coin, type and date, paged, exportable as CSV. */
export function TransacPage() {
  const t = useT();
  const intl = useIntlTag();
  const { amountsShown } = useAssetDisplay();
  const search = useSearch({ from: '/transac' });
  const columns = useMemo<RecordColumn<Bill>[]>(
    () => [
      {
        label: 'asset.records.time',
        cell: (b) => <bdi dir="auto">{formatDateTime(b.time, intl)}</bdi>,
        csv: (b) => csvTime(b.time),
      },
      { label: 'asset.records.type', cell: (b) => t(KIND_TEXT[b.kind]), csv: (b) => t(KIND_TEXT[b.kind]) },
      {
        label: 'asset.records.account',
        cell: (b) => t(`asset.account.${b.account}`),
        csv: (b) => t(`asset.account.${b.account}`),
      },
      { label: 'asset.records.coin', cell: (b) => b.coin, csv: (b) => b.coin, coin: (b) => b.coin },
      {
        label: 'asset.records.amount',
        cell: (b) => <bdi dir="ltr">{amountsShown ? coinAmount(b.amount, b.coin, intl) : HIDDEN_AMOUNT}</bdi>,
        csv: (b) => b.amount,
        className: (b) => (b.amount.startsWith('-') ? 'records__out' : 'records__in'),
      },
      { label: 'asset.records.details', cell: (b) => b.symbol ?? '', csv: (b) => b.symbol ?? '' },
    ],
    [t, intl, amountsShown],
  );
  return (
    <RecordsArea title={t('asset.records.transac')}>
      <RecordsList
        search={search}
        load={loadBills}
        columns={columns}
        rowKey={(bill) => bill.id}
        fileName="transactions"
        testId="transac-table"
        kinds={KINDS}
        anyKind="asset.records.allTypes"
      />
    </RecordsArea>
  );
}
