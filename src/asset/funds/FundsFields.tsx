import { compareDecimalText } from '../../../engine/rules/market-sort';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';

/** What an amount field accepts while typing: digits and one decimal point, up to the ledger's 8 places. */
const AMOUNT = /^\d{0,20}(\.\d{0,8})?$/;

/** A crypto address and, where the network needs one, its memo (digits only), both left to right. */
export function AddressMemoFields({
  address,
  memo,
  memoRequired,
  errors,
  onAddress,
  onMemo,
  testIdPrefix,
}: {
  address: string;
  memo: string;
  memoRequired: boolean;
  errors: { address?: string; memo?: string };
  onAddress(value: string): void;
  onMemo(value: string): void;
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
          data-testid={`${testIdPrefix}-memo`}
        />
      )}
    </>
  );
}

/**
 * An amount typed as a decimal (a decimal comma becomes a point), with Max filling `max` when there is something to
 * move. What does not fit the pattern is not taken, so the field never holds text the checks would have to reject.
 */
export function AmountField({
  label,
  value,
  onChange,
  error,
  hint,
  max,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  hint?: string;
  max: string | null;
  testId: string;
}) {
  const t = useT();
  return (
    <Field
      label={label}
      value={value}
      dir="ltr"
      inputMode="decimal"
      autoComplete="off"
      error={error}
      hint={hint}
      onChange={(event) => {
        const next = event.target.value.replace(',', '.');
        if (AMOUNT.test(next)) onChange(next);
      }}
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
