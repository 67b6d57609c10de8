import { type FormEvent, useState } from 'react';
import { checkEmail } from '../../../engine/rules/auth-fields';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { CodeField } from '../CodeField';
import { CredentialsForm } from '../CredentialsForm';
import type { LoginReply } from '../login-step';
import { TermsConsent } from '../TermsConsent';
import { isolated, PROVIDER_TEXT, postThird, type UnboundReply } from './third-api';
import { createAccountCalls, linkPath } from './third-flows';

export interface ThirdBindPanelProps {
  reply: UnboundReply;
  /** The registration form's referral code when the flow began there (empty when cleared), for a new account. */
  referralCode?: string;
  /** Runs a call whose reply continues the sign-in (done, or its steps); a failed call has been shown and is swallowed. */
  attempt(call: () => Promise<LoginReply>): Promise<void>;
  onCancel(): void;
}

/**
 * A provider's identity no account is linked to yet (spec §7.4): link it to an existing account (that account's
 * password and second factors), or create a new account with a proved email and the terms consent. Typed values stay
 * when a call fails.
 */
export function ThirdBindPanel({ reply, referralCode, attempt, onCancel }: ThirdBindPanelProps) {
  const t = useT();
  const [choice, setChoice] = useState<'link' | 'create'>('link');
  const provider = t(PROVIDER_TEXT[reply.provider]);
  return (
    <div className="third-bind">
      <p className="third-bind__intro">{t('third.bind.intro', { provider, label: isolated(reply.label) })}</p>
      <div className="third-bind__choices" role="radiogroup" aria-label={t('third.bind.choiceLabel')}>
        {(['link', 'create'] as const).map((option) => (
          <label key={option} className="third-bind__choice">
            <input
              type="radio"
              name="third-bind-choice"
              checked={choice === option}
              onChange={() => setChoice(option)}
            />
            {option === 'link' ? t('third.bind.haveAccount') : t('third.bind.newAccount')}
          </label>
        ))}
      </div>
      {choice === 'link' ? (
        <CredentialsForm
          onSubmit={async (fields) => {
            const path = linkPath(reply.provider, fields.areaCode !== undefined);
            await attempt(() => postThird<LoginReply>(path, { ...fields, serialNO: reply.serialNO }));
          }}
        />
      ) : (
        <CreateAccountForm reply={reply} referralCode={referralCode} attempt={attempt} />
      )}
      <p className="auth__switch">
        <button type="button" className="third-bind__cancel" onClick={onCancel}>
          {t('third.bind.cancel')}
        </button>
      </p>
    </div>
  );
}

/**
 * A new account: with the email the provider vouches for in one press, else an email proved with a code; either way
 * only once the terms consent is ticked, as on the registration form. The identity's serial stays with the panel, so
 * a refusal leaves nothing to redo.
 */
function CreateAccountForm({ reply, referralCode, attempt }: Omit<ThirdBindPanelProps, 'onCancel'>) {
  const t = useT();
  const vouched = reply.email !== null && reply.provider !== 'wallet' && reply.provider !== 'telegram';
  const [email, setEmail] = useState(reply.email ?? '');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const calls = createAccountCalls(reply, referralCode);
  const errors = {
    email: checkEmail(email.trim()) === null ? null : t('auth.invalidEmail'),
    code: vouched || /^\d{6}$/.test(code) ? null : t('auth.invalidCode'),
    agreed: agreed ? null : t('auth.consentRequired'),
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (busy || Object.values(errors).some(Boolean)) return;
    setBusy(true);
    try {
      // A failure has been shown by the request layer; what was typed stays.
      await attempt(() => calls.create({ email: email.trim(), code, agreed }));
    } finally {
      setBusy(false);
    }
  };
  const consent = <TermsConsent checked={agreed} onChange={setAgreed} error={touched ? errors.agreed : null} />;
  if (vouched)
    return (
      <form className="auth__form" onSubmit={submit} noValidate>
        <p>{t('third.bind.createWith', { email: isolated(email) })}</p>
        {consent}
        <Button type="submit" variant="primary" block loading={busy}>
          {t('auth.submitRegister')}
        </Button>
      </form>
    );
  return (
    <form className="auth__form" onSubmit={submit} noValidate>
      <Field
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={touched ? errors.email : null}
      />
      <CodeField
        label={t('auth.emailCode')}
        name="emailCode"
        value={code}
        onChange={setCode}
        error={touched ? errors.code : null}
        onSend={async () => {
          if (errors.email) {
            setTouched(true);
            return false;
          }
          return calls.sendCode(email.trim());
        }}
      />
      {consent}
      <Button type="submit" variant="primary" block loading={busy}>
        {t('auth.submitRegister')}
      </Button>
    </form>
  );
}
