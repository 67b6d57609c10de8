import type { WithdrawFigures } from '../../../engine/rules/withdraw-figures';
import type { StepUpSummaryLine } from '../../auth/step-up';
import type { Translate } from '../../i18n/i18n';
import { coinShownPlaces, fixedText } from '../asset-format';
import type { CoinChain, WithdrawRequest } from './funds-api';

/**
 * A withdrawal figure in full, with its coin: at least the coin's places, and every place it has beyond them, so the
 * page never shows a rounded or cut figure of what will move ("100.5000 USDT", "0.00120000 BTC").
 */
export function exactCoinText(value: string, coin: string, intl: string): string {
  const places = Math.max(coinShownPlaces(coin), value.split('.')[1]?.length ?? 0);
  return `${fixedText(value, places, intl)} ${coin}`;
}

/**
 * What the withdrawal step-up lists, written from the request the gateway will receive and its figures: coin,
 * network, address, memo (when sent), amount, network fee, total deducted and amount received.
 */
export function withdrawSummary(
  t: Translate,
  request: WithdrawRequest,
  network: CoinChain,
  figures: WithdrawFigures,
  intl: string,
): StepUpSummaryLine[] {
  const amount = (value: string) => exactCoinText(value, request.coin, intl);
  return [
    { label: t('asset.deposit.coin'), value: request.coin },
    { label: t('asset.deposit.network'), value: network.name },
    { label: t('asset.withdraw.address'), value: request.address },
    ...(request.memo !== undefined ? [{ label: t('asset.withdraw.memo'), value: request.memo }] : []),
    { label: t('asset.withdraw.amount'), value: amount(request.amount) },
    { label: t('asset.withdraw.networkFee'), value: amount(figures.fee) },
    { label: t('asset.withdraw.total'), value: amount(figures.total) },
    { label: t('asset.withdraw.received'), value: amount(figures.received) },
  ];
}
