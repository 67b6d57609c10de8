import { compareDecimalText } from '../../../engine/rules/market-sort';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useNumericTyping } from '../../ui/use-numeric-typing';

/** A crypto address and, where the network needs one, its memo (digits only), both left to right. */
export function AddressMemoFields({
  address,
  memo,
  memoRequired,
  errors,
  onAddress,
  onMemo,
  onBlur,
  testIdPrefix,
}: {
  address: string;
  memo: string;
  memoRequired: boolean;
  errors: { address?: string; memo?: string };
  onAddress(value: string): void;
  onMemo(value: string): void;
  /** A field was left: a form that checks as it goes shows that field's problem from now on. */
  onBlur?(field: 'address' | 'memo'): void;
  testIdPrefix: string;
}) {
  const t = useT();
  return (
    <>
      <Field
        label={t('asset.withdraw.address')}
        value={address}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        maxLength={120}
        error={errors.address}
        onChange={(event) => onAddress(event.target.value)}
        onBlur={() => onBlur?.('address')}
        data-testid={`${testIdPrefix}-address`}
      />
      {memoRequired && (
        <Field
          label={t('asset.withdraw.memo')}
          value={memo}
          dir="ltr"
          inputMode="numeric"
          maxLength={10}
          error={errors.memo}
          onChange={(event) => onMemo(event.target.value.replace(/\D/g, ''))}
          onBlur={() => onBlur?.('memo')}
          data-testid={`${testIdPrefix}-memo`}
        />
      )}
    </>
  );
}

/**
 * An amount typed as a decimal, with Max filling `max` when there is something to move. It follows spec §5 as typed
 * in the page's locale (useNumericTyping: other scripts' digits, the locale's symbols, a hint for a refused
 * character), keeping `decimals` places; the value may hold spaces, so callers read it with `numericValue`.
 */
export function AmountField({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  max,
  decimals,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string | null;
  hint?: string;
  max: string | null;
  /** The places the amount may have: the coin's (coin-places.ts). */
  decimals: number;
  testId: string;
}) {
  const t = useT();
  const typing = useNumericTyping(value, decimals, onChange);
  return (
    <Field
      label={label}
      value={typing.value}
      onChange={typing.onChange}
      onCompositionStart={typing.onCompositionStart}
      onCompositionEnd={typing.onCompositionEnd}
      onBlur={() => {
        typing.onBlur();
        onBlur?.();
      }}
      dir="ltr"
      inputMode="decimal"
      autoComplete="off"
      error={error}
      hint={typing.hint ?? hint}
      end={
        <Button
          type="button"
          variant="plain"
          size="sm"
          disabled={max === null || compareDecimalText(max, '0') <= 0}
          onClick={() => max !== null && onChange(max)}
        >
          {t('asset.transfer.max')}
        </Button>
      }
      data-testid={testId}
    />
  );
}
