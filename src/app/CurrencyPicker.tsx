import { DISPLAY_CURRENCIES, isCurrencyCode } from '../../engine/rules/currencies';
import { useT } from '../i18n/i18n';
import { setDisplayCurrency, useAssetDisplay } from '../settings/asset-display';

/** The display currency of valuations (spec §3's 13, each with its symbol): writes the `unit` setting and cookie. */
export function CurrencyPicker() {
  const t = useT();
  const { currency } = useAssetDisplay();
  return (
    <label className="app-header__field">
      <span className="visually-hidden">{t('settings.currency')}</span>
      <select
        value={currency}
        onChange={(event) => {
          if (isCurrencyCode(event.target.value)) setDisplayCurrency(event.target.value);
        }}
        data-testid="currency-select"
      >
        {/* Codes only: the select is as wide as its longest option, and the header's row is tight in long languages. */}
        {DISPLAY_CURRENCIES.map(({ code }) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </label>
  );
}
