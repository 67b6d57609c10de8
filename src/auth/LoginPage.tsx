import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { RequestError } from '../api/request';
import { beginSession } from './auth-actions';
import { checkKnownDevice, sendLoginCode, submitCodes, submitPassword, submitSystemCode } from './login-flow';
import { type LoginReply, type LoginStep, nextLoginStep } from './login-step';
import { useT } from '../i18n/i18n';
import { ensureFingerprint } from '../security/fingerprint';
import { StateView } from '../ui/StateView';
import { yieldToMain } from '../ui/yield-to-main';
import { CodesForm } from './CodesForm';
import { CredentialsForm } from './CredentialsForm';
import { SecurityKeyStep } from './SecurityKeyStep';
import { isolated, isUnbound, takeHandOff, type ThirdSignReply, type UnboundReply } from './third/third-api';
import { ThirdBindPanel } from './third/ThirdBindPanel';
import { ThirdPartyMethods } from './third/ThirdPartyMethods';
import './auth.css';

/** Codes that end the pending login (timed out, too many wrong codes): only the password step is left. */
const PENDING_GONE = new Set(['40103', '40104']);

/** Sign-in (spec §4, §7.2): password, then the verification steps the account needs. */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/login' });
  const [step, setStep] = useState<LoginStep>({ kind: 'credentials' });
  // A third-party identity no account is linked to yet: link one or create one (spec §7.4).
  const [unbound, setUnbound] = useState<UnboundReply | null>(null);
  // The registration form's referral code, when the provider's flow began there: a new account keeps it.
  const [referralCode, setReferralCode] = useState<string | undefined>(undefined);
  useEffect(() => ensureFingerprint(), []);

  const advance = async (reply: LoginReply): Promise<void> => {
    const next = nextLoginStep(reply);
    // A browser that signed in here before may prove it with that sign-in's key instead of the mailed code.
    if (next.kind === 'system' && reply.userIdHash) {
      const known = await checkKnownDevice(reply.userIdHash);
      if (known) return advance(known);
    }
    if (next.kind !== 'done') {
      setStep(next);
      return;
    }
    // The form goes first, in a task of its own: unmounting it inside the page change made that one long task.
    setStep(next);
    try {
      await beginSession(next.userId);
    } catch (error) {
      setStep({ kind: 'credentials' });
      throw error;
    }
    // The signed-in header and the next page render in separate tasks: together they are a long task on a slow phone.
    await yieldToMain();
    await navigate({ to: redirect ?? '/', search: redirect ? undefined : {} });
    // The form that held the focus is gone: the next page's main landmark (the skip link's target) takes it.
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  // A code step's failure goes back to its form, which says a refused code under its field and toasts the rest.
  const verify = async (call: () => Promise<LoginReply>) => {
    try {
      await advance(await call());
    } catch (error) {
      if (error instanceof RequestError && PENDING_GONE.has(error.details.code ?? '')) setStep({ kind: 'credentials' });
      throw error;
    }
  };
  // Every failure was already shown by the request layer; the form keeps what was typed.
  const attempt = async (call: () => Promise<LoginReply>) => {
    try {
      await advance(await call());
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      if (PENDING_GONE.has(error.details.code ?? '')) setStep({ kind: 'credentials' });
      // The identity's serial expired or was used: start again from the methods.
      if (error.details.code === '40160') back();
    }
  };
  function back() {
    setUnbound(null);
    setStep({ kind: 'credentials' });
  }
  const onThird = async (reply: ThirdSignReply): Promise<void> => {
    if (isUnbound(reply)) {
      setUnbound(reply);
      return;
    }
    setUnbound(null);
    await attempt(async () => reply);
  };
  // A provider that left the page (an OpenID redirect) hands its reply over when the page opens again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    const handed = takeHandOff();
    if (!handed) return;
    setReferralCode(handed.referralCode);
    void onThird(handed.reply);
  }, []);

  return (
    <section className="auth" aria-labelledby="auth-title">
      <h1 id="auth-title">
        {unbound && step.kind === 'credentials'
          ? t('third.bind.title', { label: isolated(unbound.label) })
          : step.kind === 'credentials' || step.kind === 'done'
            ? t('auth.signInTitle')
            : t('auth.verifyTitle')}
      </h1>
      {unbound && step.kind === 'credentials' && (
        <ThirdBindPanel reply={unbound} referralCode={referralCode} attempt={attempt} onCancel={back} />
      )}
      {!unbound && step.kind === 'credentials' && (
        <>
          <CredentialsForm onSubmit={(fields) => attempt(() => submitPassword(fields))} />
          <p className="auth__switch">
            <Link to="/forgot-password">{t('auth.forgotPassword')}</Link>
          </p>
          <p className="auth__switch">
            <Link to="/register">{t('auth.noAccount')}</Link>
          </p>
          <ThirdPartyMethods onReply={onThird} />
        </>
      )}
      {step.kind === 'codes' && (
        <CodesForm
          channels={step.methods}
          intro={
            step.methods.length === 1 && step.methods[0] === 'google' ? t('auth.googleIntro') : t('auth.verifyIntro')
          }
          onSend={sendLoginCode}
          onSubmit={(codes) =>
            verify(() => submitCodes({ emailCode: codes.email, mobileCode: codes.mobile, googleCode: codes.google }))
          }
          onBack={back}
        />
      )}
      {step.kind === 'system' && (
        <CodesForm
          channels={['system']}
          intro={t('auth.systemIntro')}
          onSubmit={(codes) => verify(() => submitSystemCode(codes.system ?? ''))}
          onBack={back}
        />
      )}
      {step.kind === 'done' && <StateView state="loading" message={t('common.loading')} />}
      {step.kind === 'securityKey' && <SecurityKeyStep onVerified={advance} onExpired={back} onBack={back} />}
    </section>
  );
}
