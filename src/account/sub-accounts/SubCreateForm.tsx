import { type FormEvent, useState } from 'react';
import { createSubAccount, SUB_NAME_PATTERN } from '../../auth/sub-accounts';
import { StepUpCancelled } from '../../auth/step-up';
import type { RunWithStepUp } from '../api-keys/ApiKeyRow';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast';
import { subFailureText } from './sub-accounts-api';

export interface SubCreateFormProps {
  run: RunWithStepUp;
  onCreated: () => void;
}

/** Names a new sub-account (after a step-up for `sub-create`); a refusal shows under the field and the name stays. */
export function SubCreateForm({ run, onCreated }: SubCreateFormProps) {
  const t = useT();
  const [name, setName] = useState('');
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
      await run('sub-create', () => createSubAccount(trimmed));
      setName('');
      showToast({ type: 'success', message: t('subaccounts.created', { name: trimmed }) });
      onCreated();
    } catch (failure) {
      if (!(failure instanceof StepUpCancelled)) setError(subFailureText(t, failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="subs__create" onSubmit={submit} noValidate aria-label={t('subaccounts.create')}>
      <Field
        label={t('subaccounts.name')}
        hint={t('subaccounts.nameRule')}
        error={error}
        value={name}
        maxLength={20}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" variant="primary" loading={isSaving}>
        {t('subaccounts.create')}
      </Button>
    </form>
  );
}
