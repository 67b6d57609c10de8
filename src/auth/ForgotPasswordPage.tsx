import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import {
  checkAreaCode,
  checkCode,
  checkLoginName,
  checkPassword,
  checkRePassword,
  isPhoneLoginName,
} from '../../engine/rules/auth-fields';
import { useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { Field, PasswordField } from '../ui/Field';
import { CodeField } from './CodeField';
import { type ResetFields, resetPassword, sendResetCode } from './password-reset-flow';
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
  const [busy, setBusy] = useState(false);
  const [isDone, setDone] = useState(false);
  const isPhone = isPhoneLoginName(fields.loginName);
  const set = (name: keyof ResetFields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));

  const nameErrors = {
    loginName: fieldProblemText(t, checkLoginName(fields.loginName), t('auth.loginName')),
    areaCode: isPhone ? fieldProblemText(t, checkAreaCode(fields.areaCode), t('auth.areaCode')) : null,
  };
  const errors = {
    ...nameErrors,
    verifyCode: fieldProblemText(t, checkCode(fields.verifyCode), t('auth.resetCode')),
    pwd: fieldProblemText(t, checkPassword(fields.pwd), t('auth.newPassword')),
    rePwd: fieldProblemText(t, checkRePassword(fields.rePwd, fields.pwd), t('auth.rePassword')),
  };

  const send = async () => {
    setTouched(true);
    if (nameErrors.loginName || nameErrors.areaCode) return false;
    return sendResetCode(fields);
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
        <Field
          label={t('auth.loginName')}
          name="loginName"
          autoComplete="username"
          value={fields.loginName}
          maxLength={254}
          onChange={(e) => set('loginName')(e.target.value)}
          error={touched ? errors.loginName : null}
        />
        {isPhone && (
          <Field
            label={t('auth.areaCode')}
            name="areaCode"
            inputMode="numeric"
            autoComplete="tel-country-code"
            value={fields.areaCode}
            maxLength={5}
            onChange={(e) => set('areaCode')(e.target.value)}
            error={touched ? errors.areaCode : null}
          />
        )}
        <CodeField
          name="verifyCode"
          label={t('auth.resetCode')}
          value={fields.verifyCode}
          onChange={set('verifyCode')}
          error={touched ? errors.verifyCode : null}
          onSend={send}
        />
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
