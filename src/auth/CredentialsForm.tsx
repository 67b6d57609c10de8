import { type FormEvent, useState } from 'react';
import { checkAreaCode, checkLoginName, isPhoneLoginName } from '../../engine/rules/auth-fields';
import { useT } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { Field, PasswordField } from '../ui/Field';
import { fieldProblemText } from './use-field-text';

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
    loginName: fieldProblemText(t, checkLoginName(loginName), t('auth.loginName')),
    pwd: pwd ? null : t('auth.required', { field: t('auth.password') }),
    areaCode: isPhone ? fieldProblemText(t, checkAreaCode(areaCode), t('auth.areaCode')) : null,
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
      <Field
        label={t('auth.loginName')}
        name="loginName"
        autoComplete="username"
        value={loginName}
        maxLength={254}
        onChange={(e) => setLoginName(e.target.value)}
        error={touched ? errors.loginName : null}
      />
      {isPhone && (
        <Field
          label={t('auth.areaCode')}
          name="areaCode"
          inputMode="numeric"
          autoComplete="tel-country-code"
          value={areaCode}
          maxLength={5}
          onChange={(e) => setAreaCode(e.target.value)}
          error={touched ? errors.areaCode : null}
        />
      )}
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
