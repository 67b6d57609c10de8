import { useSnapshot } from 'valtio';
import type { CurrencyCode } from '../../engine/rules/currencies';
import {
  displayCurrencyOf,
  type ValuationUnit,
  valuationSettingOf,
  valuationUnitOf,
} from '../../engine/rules/valuation';
import { i18nState } from '../i18n/i18n';
import { chosenSettings, settingsState, updateSetting } from './settings';

/** What a hidden amount shows (the `show asset` setting off), on every screen that shows a balance. */
export const HIDDEN_AMOUNT = '****';

/** How the signed-in user's money is shown: in which currency and unit, and whether at all. */
export interface AssetDisplay {
  currency: CurrencyCode;
  valuationUnit: ValuationUnit;
  /** False when the user hid balances: every amount of theirs shows {@link HIDDEN_AMOUNT}. */
  amountsShown: boolean;
}

/**
 * Spec §3 gives `show asset` two defaults, false for local storage and true for its cookie. Hiding every balance
 * from someone who never asked would read as a fault, so until the user (or the cookie) decides, amounts show.
 */
function amountsShownOf(showAsset: boolean, isChosen: boolean): boolean {
  return isChosen ? showAsset : true;
}

export function useAssetDisplay(): AssetDisplay {
  const settings = useSnapshot(settingsState);
  const chosen = useSnapshot(chosenSettings);
  const { locale } = useSnapshot(i18nState);
  return {
    currency: displayCurrencyOf(settings.unit, chosen.unit === true, locale),
    valuationUnit: valuationUnitOf(settings.valuationUnit),
    amountsShown: amountsShownOf(settings.showAsset, chosen.showAsset === true),
  };
}

/** A balance's text, or {@link HIDDEN_AMOUNT} while the user hides balances. */
export function useMaskedAmount(): (text: string) => string {
  const { amountsShown } = useAssetDisplay();
  return (text) => (amountsShown ? text : HIDDEN_AMOUNT);
}

export const setDisplayCurrency = (code: CurrencyCode) => updateSetting('unit', code);
export const setValuationUnit = (unit: ValuationUnit) => updateSetting('valuationUnit', valuationSettingOf(unit));
export const setAmountsShown = (shown: boolean) => updateSetting('showAsset', shown);
