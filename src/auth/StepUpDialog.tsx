import { type AuthenticationResponseJSON, startAuthentication } from '@simplewebauthn/browser';
import { useEffect, useState } from 'react';
import { RequestError } from '../api/request';
import {
  type StepUpOptions,
  type StepUpPurpose,
  type StepUpSummaryLine,
  sendStepUpCode,
  stepUpOptions,
  verifyStepUp,
} from './step-up';
import { useT } from '../i18n/i18n';
import { Dialog } from '../ui/Dialog';
import { StateView } from '../ui/StateView';
import { showToast } from '../ui/toast/toast-state';
import { CodesForm } from './CodesForm';
import { useNamespaceTexts } from '../i18n/use-namespace-texts';
import { STEP_UP_TEXTS } from './step-up-texts';
import './step-up.css';

type CodeChannel = 'email' | 'mobile' | 'google';

export interface StepUpDialogProps {
  purpose: StepUpPurpose;
  /** What the change will do, line by line (a withdrawal's coin, network, address and amounts); none for most. */
  summary?: readonly StepUpSummaryLine[];
  /** True once the step-up was granted; false when the user closed the dialog. */
  onDone(verified: boolean): void;
}

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; options: StepUpOptions };

/**
 * Asks again for the account's second factors before a change that needs them, titled and explained in the purpose's
 * own words, with the change's summary when it has one: one code per code method (with send buttons for email and SMS)
 * and, when the account has one, the security key; what was typed stays on a failure.
 */
export function StepUpDialog({ purpose, summary, onDone }: StepUpDialogProps) {
  const t = useT();
  const texts = STEP_UP_TEXTS[purpose];
  // Each purpose's words are the sign-in area's texts, loaded when a step-up first opens (not with every page).
  const hasTexts = useNamespaceTexts('auth');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` asks for new options (a fresh key challenge).
  useEffect(() => {
    let live = true;
    // A new security-key challenge per load: the gateway uses each one up with the first answer, right or wrong.
    stepUpOptions(purpose).then(
      (options) => live && setLoad({ state: 'ready', options }),
      (error: unknown) =>
        live &&
        setLoad({ state: 'failed', message: error instanceof RequestError ? error.message : t('error.unknow') }),
    );
    return () => {
      live = false;
    };
  }, [purpose, attempt, t]);

  const submit = async (codes: Partial<Record<CodeChannel | 'system', string>>, options: StepUpOptions) => {
    let assertion: AuthenticationResponseJSON | undefined;
    if (options.fido) {
      try {
        assertion = await startAuthentication({ optionsJSON: options.fido });
      } catch {
        showToast({ type: 'error', message: t('auth.securityKeyFailed') });
        setAttempt((n) => n + 1);
        return;
      }
    }
    try {
      await verifyStepUp(purpose, {
        emailCode: codes.email,
        mobileCode: codes.mobile,
        googleCode: codes.google,
        assertion,
      });
    } catch (error) {
      // A challenge that was answered is gone, so the key gets a new one; the form says why (a wrong code under it).
      if (options.fido) setAttempt((n) => n + 1);
      throw error;
    }
    onDone(true);
  };

  const codeChannels = load.state === 'ready' ? load.options.methods.filter((m): m is CodeChannel => m !== 'fido') : [];
  return (
    <Dialog
      open
      onClose={() => onDone(false)}
      size="sm"
      title={hasTexts ? t(texts.title) : t('common.loading')}
      dismissible={false}
    >
      {hasTexts && <p className="step-up__about">{t(texts.about)}</p>}
      {summary && summary.length > 0 && (
        <dl className="step-up__summary" data-testid="step-up-summary">
          {summary.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              {/* Set by its own direction: an address or an amount stays left to right on an Arabic page. */}
              <dd dir="auto">{line.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {load.state === 'loading' && <StateView state="loading" message={t('common.loading')} />}
      {load.state === 'failed' && (
        <StateView state="error" message={load.message} onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {load.state === 'ready' && (
        <CodesForm
          channels={codeChannels}
          intro={load.options.fido ? t('stepUp.keyIntro') : null}
          onSend={sendStepUpCode}
          onSubmit={(codes) => submit(codes, load.options)}
          onBack={() => onDone(false)}
          backLabel={t('common.cancel')}
        />
      )}
    </Dialog>
  );
}
