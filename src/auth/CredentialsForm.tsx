import { type FormEvent, useState } from 'react';
import { isPhoneLoginName } from '../../engine/rules/auth-fields';
import { useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { PasswordField } from '../ui/Field';
import { LoginNameFields, loginNameProblems } from './LoginNameFields';

export interface CredentialsFormProps {
  onSubmit(fields: { loginName: string; pwd: string; areaCode?: string }): Promise<void>;
}

/** Step one of sign-in: account and password. What was typed stays when the request fails. */
export function CredentialsForm({ onSubmit }: CredentialsFormProps) {
  const t = useT();
  const [loginName, setLoginName] = useState('');
  const [pwd, setPwd] = useState('');
  const [areaCode, setAreaCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const isPhone = isPhoneLoginName(loginName);

  const errors = {
    ...loginNameProblems(t, loginName, areaCode),
    pwd: pwd ? null : t('auth.required', { field: t('auth.password') }),
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (busy || errors.loginName || errors.pwd || errors.areaCode) return;
    setBusy(true);
    try {
      await onSubmit({
        loginName: loginName.trim(),
        pwd,
        ...(isPhone ? { areaCode: areaCode.replace(/^\+/, '') } : {}),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    // method="post" so that even without script a password can never end up in a URL.
    <form method="post" action="#" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
      <LoginNameFields
        loginName={loginName}
        areaCode={areaCode}
        onLoginName={setLoginName}
        onAreaCode={setAreaCode}
        isTouched={touched}
      />
      <PasswordField
        label={t('auth.password')}
        name="pwd"
        autoComplete="current-password"
        value={pwd}
        maxLength={64}
        onChange={(e) => setPwd(e.target.value)}
        error={touched ? errors.pwd : null}
      />
      <Button type="submit" variant="primary" block loading={busy}>
        {t('auth.submitSignIn')}
      </Button>
    </form>
  );
}
