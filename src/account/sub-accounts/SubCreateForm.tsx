import { type FormEvent, useState } from 'react';
import { RequestError } from '../../api/request';
import { StepUpCancelled } from '../../auth/step-up';
import { createSubAccount, SUB_NAME_PATTERN } from '../../auth/sub-accounts';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { showToast } from '../../ui/toast';
import type { RunWithStepUp } from '../api-keys/ApiKeyRow';

export interface SubCreateFormProps {
  run: RunWithStepUp;
  onCreated: () => void;
  /** The form's class where it stands: the sub-accounts page's, or the header switcher's. */
  className: string;
  /** A smaller button, for the switcher's dialog. */
  isCompact?: boolean;
}

/**
 * Names a new sub-account (after a step-up for `sub-create`), on the sub-accounts page and in the header's switcher;
 * its texts are core's, which every page has. A refusal (name taken, limit) shows under the field and the name stays.
 */
export function SubCreateForm({ run, onCreated, className, isCompact = false }: SubCreateFormProps) {
  const t = useT();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    const trimmed = name.trim();
    if (!SUB_NAME_PATTERN.test(trimmed)) return setError(t('sub.nameRule'));
    setSaving(true);
    setError(null);
    try {
      await run('sub-create', () => createSubAccount(trimmed), [{ label: t('sub.name'), value: trimmed }]);
      setName('');
      showToast({ type: 'success', message: t('sub.created', { name: trimmed }) });
      onCreated();
    } catch (failure) {
      if (failure instanceof StepUpCancelled) return;
      const code = failure instanceof RequestError ? failure.details.code : undefined;
      setError(
        code === '40304'
          ? t('sub.nameTaken')
          : code === '40303'
            ? t('sub.limit')
            : failure instanceof Error
              ? failure.message
              : t('error.unknow'),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={className} onSubmit={submit} noValidate aria-label={t('sub.create')}>
      <Field
        label={t('sub.name')}
        hint={t('sub.nameRule')}
        error={error}
        value={name}
        maxLength={20}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" variant="primary" size={isCompact ? 'sm' : undefined} loading={isSaving}>
        {t('sub.create')}
      </Button>
    </form>
  );
}
