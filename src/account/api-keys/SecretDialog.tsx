import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { showToast } from '../../ui/toast';
import type { CreatedApiKey } from './api-keys-api';

interface SecretRowProps {
  name: string;
  value: string;
  testId: string;
}

/** One credential in a monospace left-to-right box, with its copy button. */
function SecretRow({ name, value, testId }: SecretRowProps) {
  const t = useT();
  const copy = () => {
    // A refused clipboard says nothing worse than not copying: the value stays on screen to select by hand.
    navigator.clipboard?.writeText(value).then(
      () => showToast({ type: 'success', message: t('apiKeys.copied') }),
      () => undefined,
    );
  };
  return (
    <div className="api-keys__secret">
      <dt>{name}</dt>
      <dd>
        <code className="api-keys__mono" dir="ltr" data-testid={testId}>
          {value}
        </code>
        <Button size="sm" variant="secondary" aria-label={t('apiKeys.copyNamed', { what: name })} onClick={copy}>
          {t('apiKeys.copy')}
        </Button>
      </dd>
    </div>
  );
}

export interface SecretDialogProps {
  created: CreatedApiKey;
  onClose(): void;
}

/** The new key's id, secret and passphrase, shown this once with copy buttons and a warning that they will not return. */
export function SecretDialog({ created, onClose }: SecretDialogProps) {
  const t = useT();
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('apiKeys.secretTitle')}
      size="md"
      dismissible={false}
      className="api-keys__secret-dialog"
      footer={
        <Button variant="primary" block onClick={onClose}>
          {t('apiKeys.secretDone')}
        </Button>
      }
    >
      <p className="api-keys__warning">{t('apiKeys.secretWarning')}</p>
      <dl className="api-keys__secrets">
        <SecretRow name={t('apiKeys.keyId')} value={created.apiKey} testId="created-api-key" />
        <SecretRow name={t('apiKeys.secretKey')} value={created.secretKey} testId="created-secret-key" />
        <SecretRow name={t('apiKeys.passphrase')} value={created.passphrase} testId="created-passphrase" />
      </dl>
    </Dialog>
  );
}
