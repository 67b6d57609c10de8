import { type FormEvent, useState } from 'react';
import { SUB_NAME_PATTERN } from '../../auth/sub-accounts';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { renameSubAccount, type SubAccount, subFailureText } from './sub-accounts-api';

export interface SubRenameFormProps {
  account: SubAccount;
  onRenamed: (account: SubAccount) => void;
  onCancel: () => void;
}

/** A sub-account's new name, inline in its card; a refusal shows under the field and what was typed stays. */
export function SubRenameForm({ account, onRenamed, onCancel }: SubRenameFormProps) {
  const t = useT();
  const [name, setName] = useState(account.name);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    const trimmed = name.trim();
    if (!SUB_NAME_PATTERN.test(trimmed)) return setError(t('subaccounts.nameRule'));
    setSaving(true);
    setError(null);
    try {
      const renamed = await renameSubAccount(account.userId, trimmed);
      onRenamed({ ...account, name: renamed.name });
    } catch (failure) {
      setError(subFailureText(t, failure));
      setSaving(false);
    }
  };

  return (
    <form className="subs__rename" onSubmit={submit} noValidate>
      <Field
        label={t('subaccounts.newName')}
        error={error}
        value={name}
        maxLength={20}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <div className="subs__actions">
        <Button type="submit" size="sm" variant="primary" loading={isSaving}>
          {t('subaccounts.save')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          {t('subaccounts.cancel')}
        </Button>
      </div>
    </form>
  );
}
