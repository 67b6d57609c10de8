import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { isTradeShortcutShown, TRADE_SHORTCUT } from '../../engine/rules/trade-shortcut';
import { i18nState, useT } from '../i18n/i18n';
import { settingsState } from '../settings/settings';

/**
 * The spec §3 trade shortcut: "Buy USDT with BRL", to the USDT/BRL spot screen, for someone counting in reais or
 * reading the Brazil locale (isTradeShortcutShown); nothing for anyone else, who finds the pair in the list.
 */
export function TradeShortcut() {
  const t = useT();
  const { unit } = useSnapshot(settingsState);
  const { locale } = useSnapshot(i18nState);
  if (!isTradeShortcutShown(unit, locale)) return null;
  return (
    <Link
      to="/spot/$symbol"
      params={{ symbol: TRADE_SHORTCUT.symbol }}
      className="markets__shortcut"
      data-testid="trade-shortcut"
    >
      {t('markets.shortcutBuy', { base: TRADE_SHORTCUT.base, quote: TRADE_SHORTCUT.quote })}
    </Link>
  );
}
