import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { checkCode, checkPassword, checkRePassword } from '../../engine/rules/auth-fields';
import { useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { PasswordField } from '../ui/Field';
import { LoginNameFields, loginNameProblems } from './LoginNameFields';
import { CodeField } from './CodeField';
import { type ResetFields, resetPassword, type SentCode, sendResetCode } from './password-reset-flow';
import { fieldProblemText } from './use-field-text';
import './auth.css';

const EMPTY: ResetFields = { loginName: '', areaCode: '', verifyCode: '', pwd: '', rePwd: '' };

/**
 * `/forgot-password`: a code to the account's email or phone, then a new password; every session of the account is
 * signed out. What was typed stays when a request fails (the request layer shows why).
 */
export function ForgotPasswordPage() {
  const t = useT();
  const [fields, setFields] = useState<ResetFields>(EMPTY);
  const [touched, setTouched] = useState(false);
  // Send code checks only the address it sends to: the other fields are not due yet and show no problem.
  const [nameTouched, setNameTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [isDone, setDone] = useState(false);
  // Where the last code went; another address typed since makes it stale.
  const [sent, setSent] = useState<SentCode | null>(null);
  const set = (name: keyof ResetFields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const setAddress = (name: 'loginName' | 'areaCode') => (value: string) => {
    set(name)(value);
    setSent(null);
  };

  const nameErrors = loginNameProblems(t, fields.loginName, fields.areaCode);
  const errors = {
    ...nameErrors,
    verifyCode: fieldProblemText(t, checkCode(fields.verifyCode), t('auth.resetCode')),
    pwd: fieldProblemText(t, checkPassword(fields.pwd), t('auth.newPassword')),
    rePwd: fieldProblemText(t, checkRePassword(fields.rePwd, fields.pwd), t('auth.rePassword')),
  };

  const send = async () => {
    setNameTouched(true);
    if (nameErrors.loginName || nameErrors.areaCode) return false;
    const result = await sendResetCode(fields);
    setSent(result);
    return result !== null;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (busy || Object.values(errors).some(Boolean)) return;
    setBusy(true);
    try {
      await resetPassword(fields);
      setDone(true);
    } catch {
      // The request layer has shown why; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  if (isDone) {
    return (
      <section className="auth" aria-labelledby="auth-title">
        <h1 id="auth-title">{t('auth.resetTitle')}</h1>
        <p role="status">{t('auth.resetDone')}</p>
        <p className="auth__switch">
          <Link to="/login">{t('auth.signInTitle')}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="auth" aria-labelledby="auth-title">
      <h1 id="auth-title">{t('auth.resetTitle')}</h1>
      <p>{t('auth.resetIntro')}</p>
      <form method="post" action="#" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
        <LoginNameFields
          loginName={fields.loginName}
          areaCode={fields.areaCode}
          onLoginName={setAddress('loginName')}
          onAreaCode={setAddress('areaCode')}
          isTouched={touched || nameTouched}
        />
        <CodeField
          name="verifyCode"
          label={t('auth.resetCode')}
          value={fields.verifyCode}
          onChange={set('verifyCode')}
          error={touched ? errors.verifyCode : null}
          onSend={send}
        />
        {/* Always in the page, so the sentence is announced when it appears; it never says whether an account exists. */}
        <p className="auth__sent" role="status">
          {sent && <SentCodeText sent={sent} />}
        </p>
        <PasswordField
          label={t('auth.newPassword')}
          name="pwd"
          autoComplete="new-password"
          value={fields.pwd}
          maxLength={32}
          onChange={(e) => set('pwd')(e.target.value)}
          error={touched ? errors.pwd : null}
        />
        <PasswordField
          label={t('auth.rePassword')}
          name="rePwd"
          autoComplete="new-password"
          value={fields.rePwd}
          maxLength={32}
          onChange={(e) => set('rePwd')(e.target.value)}
          error={touched ? errors.rePwd : null}
        />
        <Button type="submit" variant="primary" block loading={busy}>
          {t('auth.resetSubmit')}
        </Button>
      </form>
      <p className="auth__switch">
        <Link to="/login">{t('auth.resetBack')}</Link>
      </p>
    </section>
  );
}

/** Where a reset code went, masked, and how long it is valid, worded alike whether or not an account uses it. */
function SentCodeText({ sent }: { sent: SentCode }) {
  const t = useT();
  // The address is isolated for bidi, so a right-to-left sentence keeps it whole.
  const target = `\u2068${sent.target}\u2069`;
  const validity = sent.minutes === null ? '' : ` ${t('auth.resetCodeValid', { minutes: sent.minutes })}`;
  return <>{t('auth.resetCodeSent', { target }) + validity}</>;
}
