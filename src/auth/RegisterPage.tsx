import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { checkAreaCode, checkCode, checkEmail, checkMobile, checkRePassword } from '../../engine/rules/auth-fields';
import { isReferralCode } from '../../engine/rules/referral-link';
import { REFERRAL_REFUSED_CODE, TERMS_NOT_AGREED_CODE } from '../../engine/rules/registration';
import { RequestError } from '../api/request';
import { useT } from '../i18n/i18n';
import { ensureFingerprint } from '../security/fingerprint';
import { Button } from '../ui/Button';
import { Field, PasswordField } from '../ui/Field';
import { Tabs } from '../ui/Tabs';
import { showToast } from '../ui/toast/toast-state';
import { beginSession } from './auth-actions';
import { passwordGapText } from './password-gap-text';
import { cachedReferralCode, type RegisterFields, type RegisterKind, register } from './register-flow';
import { RegisterContactFields } from './RegisterContactFields';
import { RegisterNextSteps } from './RegisterNextSteps';
import { TermsConsent } from './TermsConsent';
import { fieldProblemText } from './use-field-text';
import { handOffToLogin } from './third/third-api';
import { ThirdPartyMethods } from './third/ThirdPartyMethods';
import './auth.css';

type TextKey = Exclude<keyof RegisterFields, 'agreed'>;

const EMPTY: Omit<RegisterFields, 'referralCode'> = {
  email: '',
  mobile: '',
  areaCode: '',
  pwd: '',
  rePwd: '',
  emailCode: '',
  mobileCode: '',
  agreed: false,
};

/** What the gateway refused that the form shows under its own field until the person changes it. */
interface Refusals {
  referral: boolean;
  consent: boolean;
}

export interface RegisterPageProps {
  /** The referral code of the sign-up link that opened the page (validated by the route). */
  linkedReferralCode?: string;
}

/**
 * Registration by email, by phone, or by both (spec §7.3), with an optional referral code (a link's, else the one a
 * landing cached) and the required terms consent; a failed request keeps everything typed. A new account, signed
 * in, is offered its next steps.
 */
export function RegisterPage({ linkedReferralCode }: RegisterPageProps) {
  const t = useT();
  const navigate = useNavigate();
  const [kind, setKind] = useState<RegisterKind>('email');
  const [f, setF] = useState<RegisterFields>(() => ({
    ...EMPTY,
    referralCode: linkedReferralCode ?? cachedReferralCode(),
  }));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<Refusals>({ referral: false, consent: false });
  const [isDone, setDone] = useState(false);
  useEffect(() => ensureFingerprint(), []);
  const set = (key: TextKey) => (value: string) => {
    setF((prev) => ({ ...prev, [key]: value }));
    if (key === 'referralCode') setRefused((prev) => ({ ...prev, referral: false }));
  };
  const setAgreed = (agreed: boolean) => {
    setF((prev) => ({ ...prev, agreed }));
    setRefused((prev) => ({ ...prev, consent: false }));
  };
  const usesEmail = kind !== 'mobile';
  const usesMobile = kind !== 'email';
  const referral = f.referralCode.trim();
  // The referral code a provider's sign-up takes along (a malformed one is not), so the account made keeps it.
  const handedReferral = isReferralCode(referral) ? referral : '';

  const errors = {
    email: usesEmail ? fieldProblemText(t, checkEmail(f.email), t('auth.email')) : null,
    mobile: usesMobile ? fieldProblemText(t, checkMobile(f.mobile), t('auth.mobile')) : null,
    areaCode: usesMobile ? fieldProblemText(t, checkAreaCode(f.areaCode), t('auth.areaCode')) : null,
    emailCode: usesEmail ? fieldProblemText(t, checkCode(f.emailCode), t('auth.emailCode')) : null,
    mobileCode: usesMobile ? fieldProblemText(t, checkCode(f.mobileCode), t('auth.mobileCode')) : null,
    pwd: passwordGapText(t, f.pwd, t('auth.password')),
    rePwd: fieldProblemText(t, checkRePassword(f.rePwd, f.pwd), t('auth.rePassword')),
    referralCode: refused.referral || (referral !== '' && !isReferralCode(referral)) ? t('auth.referralInvalid') : null,
    agreed: refused.consent || !f.agreed ? t('auth.consentRequired') : null,
  };
  const show = (error: string | null) => (touched ? error : null);

  /** A refusal of the referral code or the consent goes under its field; any other failure is toasted once. */
  const showRefusal = (error: unknown) => {
    if (!(error instanceof RequestError)) return;
    if (error.details.code === REFERRAL_REFUSED_CODE) setRefused((prev) => ({ ...prev, referral: true }));
    else if (error.details.code === TERMS_NOT_AGREED_CODE) setRefused((prev) => ({ ...prev, consent: true }));
    // A signing failure was shown by the signing layer; a cancelled call has nothing to say.
    else if (!error.details.shown && error.message && error.kind !== 'cancelled' && error.kind !== 'security')
      showToast({ type: 'error', message: error.message });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (busy || Object.values(errors).some(Boolean)) return;
    setBusy(true);
    try {
      const userId = await register(kind, f);
      try {
        await beginSession(userId);
      } finally {
        // The account exists and its session cookie is set: its next steps, whatever the page's own sign-in did.
        setDone(true);
      }
    } catch (error) {
      showRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  if (isDone) return <RegisterNextSteps />;

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
          <RegisterContactFields
            kind={kind}
            fields={f}
            set={set}
            errors={{
              email: show(errors.email),
              mobile: show(errors.mobile),
              areaCode: show(errors.areaCode),
              emailCode: show(errors.emailCode),
              mobileCode: show(errors.mobileCode),
            }}
          />
          <PasswordField
            label={t('auth.password')}
            name="pwd"
            autoComplete="new-password"
            maxLength={32}
            value={f.pwd}
            onChange={(e) => set('pwd')(e.target.value)}
            error={show(errors.pwd)}
            hint={t('auth.passwordHint')}
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
          <Field
            label={t('auth.referralCode')}
            name="referralCode"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={64}
            value={f.referralCode}
            onChange={(e) => set('referralCode')(e.target.value)}
            error={show(errors.referralCode)}
          />
          <TermsConsent checked={f.agreed} onChange={setAgreed} error={show(errors.agreed)} />
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
        referralCode={handedReferral}
        onReply={async (reply) => {
          handOffToLogin(reply, handedReferral);
          await navigate({ to: '/login', search: {} });
        }}
      />
    </section>
  );
}
