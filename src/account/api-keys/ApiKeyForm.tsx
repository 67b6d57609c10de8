import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field, PasswordField } from '../../ui/Field';
import { API_PERMISSIONS, type ApiKeyFields, type ApiPermission, parseIpList } from './api-keys-api';
import { LABEL_MAX } from '../../../engine/rules/api-keys';
import { fieldProblem } from './api-key-fields';
import { PERMISSION_TEXTS } from './permission-texts';

/** What the form starts with: empty for a new key, the key's own values when editing. */
export interface ApiKeyFormValues {
  label: string;
  permissions: readonly ApiPermission[];
  ips: readonly string[];
}

export interface ApiKeyFormProps {
  initial: ApiKeyFormValues;
  /** True for a new key: the form then asks for a passphrase. */
  isNew: boolean;
  submitLabel: string;
  /** Saves; resolves to null when saved, else a localized failure to show (empty: none) and what was typed stays. */
  onSubmit(fields: ApiKeyFields, passphrase: string): Promise<string | null>;
  onCancel?(): void;
}

/** The label, permissions (read always on), IP allow-list and, for a new key, passphrase of an API key. */
export function ApiKeyForm({ initial, isNew, submitLabel, onSubmit, onCancel }: ApiKeyFormProps) {
  const t = useT();
  const id = useId();
  const [label, setLabel] = useState(initial.label);
  const [permissions, setPermissions] = useState<ReadonlySet<ApiPermission>>(
    () => new Set<ApiPermission>(['read', ...initial.permissions]),
  );
  const [ips, setIps] = useState(initial.ips.join('\n'));
  const [passphrase, setPassphrase] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const toggle = (permission: ApiPermission) =>
    setPermissions((old) => {
      const next = new Set(old);
      if (next.has(permission)) next.delete(permission);
      else next.add(permission);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    setBusy(true);
    setProblem(null);
    const fields: ApiKeyFields = {
      label: label.trim(),
      permissions: API_PERMISSIONS.filter((permission) => permissions.has(permission)),
      ips: parseIpList(ips),
    };
    const broken = fieldProblem(fields, isNew ? passphrase : null);
    const failure = broken ? t(broken) : await onSubmit(fields, passphrase);
    setBusy(false);
    setProblem(failure);
    if (failure === null && isNew) {
      setLabel('');
      setPermissions(new Set(['read']));
      setIps('');
      setPassphrase('');
    }
  };

  return (
    <form className="api-keys__form" method="post" action="#" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        name="label"
        label={t('apiKeys.label')}
        hint={t('apiKeys.labelHint')}
        value={label}
        maxLength={LABEL_MAX}
        autoComplete="off"
        onChange={(e) => setLabel(e.target.value)}
      />
      <fieldset className="api-keys__permissions">
        <legend className="field__label">{t('apiKeys.permissions')}</legend>
        {API_PERMISSIONS.map((permission) => (
          <label key={permission} className="api-keys__check">
            <input
              type="checkbox"
              name="permissions"
              value={permission}
              checked={permission === 'read' || permissions.has(permission)}
              disabled={permission === 'read'}
              onChange={() => toggle(permission)}
            />
            {t(PERMISSION_TEXTS[permission])}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-ips`}>
          {t('apiKeys.ips')}
        </label>
        <textarea
          id={`${id}-ips`}
          name="ips"
          className="field__input api-keys__ips"
          dir="ltr"
          rows={3}
          value={ips}
          spellCheck={false}
          autoComplete="off"
          placeholder={'203.0.113.7\n10.0.0.0/8'}
          aria-describedby={`${id}-ips-hint`}
          onChange={(e) => setIps(e.target.value)}
        />
        <p id={`${id}-ips-hint`} className="field__hint">
          {t('apiKeys.ipsHint')}
        </p>
      </div>
      {isNew && (
        <PasswordField
          name="passphrase"
          label={t('apiKeys.passphrase')}
          hint={t('apiKeys.passphraseHint')}
          value={passphrase}
          maxLength={32}
          autoComplete="new-password"
          onChange={(e) => setPassphrase(e.target.value)}
        />
      )}
      {problem && (
        <p className="field__error" role="alert" data-testid="api-key-form-error">
          {problem}
        </p>
      )}
      <div className="api-keys__form-actions">
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('apiKeys.cancel')}
          </Button>
        )}
        <Button type="submit" variant="primary" loading={isBusy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
