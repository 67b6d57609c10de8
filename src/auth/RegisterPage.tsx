import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import {
  checkAreaCode,
  checkCode,
  checkEmail,
  checkMobile,
  checkPassword,
  checkRePassword,
} from '../../engine/rules/auth-fields';
import { beginSession } from './auth-actions';
import { type RegisterFields, type RegisterKind, register, sendRegisterCode } from './register-flow';
import { useT } from '../i18n/i18n';
import { ensureFingerprint } from '../security/fingerprint';
import { Button } from '../ui/Button';
import { Field, PasswordField } from '../ui/Field';
import { Tabs } from '../ui/Tabs';
import { CodeField } from './CodeField';
import { fieldProblemText } from './use-field-text';
import { handOffToLogin } from './third/third-api';
import { ThirdPartyMethods } from './third/ThirdPartyMethods';
import './auth.css';

const EMPTY: RegisterFields = {
  email: '',
  mobile: '',
  areaCode: '',
  pwd: '',
  rePwd: '',
  emailCode: '',
  mobileCode: '',
};

/** Registration by email, by phone, or by both (spec §7.3); a failed request keeps everything typed. */
export function RegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const [kind, setKind] = useState<RegisterKind>('email');
  const [f, setF] = useState<RegisterFields>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => ensureFingerprint(), []);
  const set = (key: keyof RegisterFields) => (value: string) => setF((prev) => ({ ...prev, [key]: value }));
  const usesEmail = kind !== 'mobile';
  const usesMobile = kind !== 'email';

  const errors = {
    email: usesEmail ? fieldProblemText(t, checkEmail(f.email), t('auth.email')) : null,
    mobile: usesMobile ? fieldProblemText(t, checkMobile(f.mobile), t('auth.mobile')) : null,
    areaCode: usesMobile ? fieldProblemText(t, checkAreaCode(f.areaCode), t('auth.areaCode')) : null,
    emailCode: usesEmail ? fieldProblemText(t, checkCode(f.emailCode), t('auth.emailCode')) : null,
    mobileCode: usesMobile ? fieldProblemText(t, checkCode(f.mobileCode), t('auth.mobileCode')) : null,
    pwd: fieldProblemText(t, checkPassword(f.pwd), t('auth.password')),
    rePwd: fieldProblemText(t, checkRePassword(f.rePwd, f.pwd), t('auth.rePassword')),
  };
  const show = (error: string | null) => (touched ? error : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (busy || Object.values(errors).some(Boolean)) return;
    setBusy(true);
    try {
      const userId = await register(kind, f);
      await beginSession(userId);
      await navigate({ to: '/', search: {} });
    } catch {
      // The request layer showed the error; the form keeps its values.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth" aria-labelledby="auth-title">
      <h1 id="auth-title">{t('auth.registerTitle')}</h1>
      <Tabs
        label={t('auth.registerTitle')}
        value={kind}
        onChange={(id) => setKind(id as RegisterKind)}
        items={[
          { id: 'email', label: t('auth.byEmail') },
          { id: 'mobile', label: t('auth.byMobile') },
          { id: 'mobileAndEmail', label: t('auth.byBoth') },
        ]}
      >
        <form method="post" action="#" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
          {usesMobile && (
            <>
              <Field
                label={t('auth.areaCode')}
                name="areaCode"
                inputMode="numeric"
                autoComplete="tel-country-code"
                maxLength={5}
                value={f.areaCode}
                onChange={(e) => set('areaCode')(e.target.value)}
                error={show(errors.areaCode)}
              />
              <Field
                label={t('auth.mobile')}
                name="mobile"
                inputMode="tel"
                autoComplete="tel-national"
                maxLength={15}
                value={f.mobile}
                onChange={(e) => set('mobile')(e.target.value)}
                error={show(errors.mobile)}
              />
              <CodeField
                name="mobileCode"
                label={t('auth.mobileCode')}
                value={f.mobileCode}
                onChange={set('mobileCode')}
                error={show(errors.mobileCode)}
                onSend={() => sendRegisterCode('mobile', f)}
              />
            </>
          )}
          {usesEmail && (
            <>
              <Field
                label={t('auth.email')}
                name="email"
                type="email"
                autoComplete="email"
                maxLength={254}
                value={f.email}
                onChange={(e) => set('email')(e.target.value)}
                error={show(errors.email)}
              />
              <CodeField
                name="emailCode"
                label={t('auth.emailCode')}
                value={f.emailCode}
                onChange={set('emailCode')}
                error={show(errors.emailCode)}
                onSend={() => sendRegisterCode('email', f)}
              />
            </>
          )}
          <PasswordField
            label={t('auth.password')}
            name="pwd"
            autoComplete="new-password"
            maxLength={32}
            value={f.pwd}
            onChange={(e) => set('pwd')(e.target.value)}
            error={show(errors.pwd)}
            hint={t('auth.passwordRule')}
          />
          <PasswordField
            label={t('auth.rePassword')}
            name="rePwd"
            autoComplete="new-password"
            maxLength={32}
            value={f.rePwd}
            onChange={(e) => set('rePwd')(e.target.value)}
            error={show(errors.rePwd)}
          />
          <Button type="submit" variant="primary" block loading={busy}>
            {t('auth.submitRegister')}
          </Button>
        </form>
      </Tabs>
      <p className="auth__switch">
        <Link to="/login">{t('auth.haveAccount')}</Link>
      </p>
      {/* A provider's reply continues on the sign-in page: a linked account signs in, a new identity links or registers. */}
      <ThirdPartyMethods
        purpose="register"
        onReply={async (reply) => {
          handOffToLogin(reply);
          await navigate({ to: '/login', search: {} });
        }}
      />
    </section>
  );
}
