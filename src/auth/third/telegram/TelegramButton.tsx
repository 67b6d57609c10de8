import { useEffect, useState } from 'react';
import { RequestError } from '../../../api/request';
import { type Translate, useT } from '../../../i18n/i18n';
import type { ThirdSignReply } from '../third-api';
import {
  miniAppInitData,
  readTelegramConfig,
  signInFromMiniApp,
  signInWithAuthResult,
  takeAuthResult,
  telegramAuthUrl,
} from './telegram-flow';
import { TelegramMark } from './TelegramMark';
import { MethodNotes } from '../MethodNotes';
import './telegram.css';

/** The inline error for a refused or failed Telegram sign-in. */
function problemText(t: Translate, error: unknown): string {
  const code = error instanceof RequestError ? error.details.code : undefined;
  if (code === '40172' || code === '40173') return t('third.tg.expired');
  if (code === '40170' || code === '40171' || code === '40174') return t('third.tg.invalid');
  return t('third.tg.failed');
}

export interface TelegramButtonProps {
  /** The gateway's public Telegram config (`botId`, `botName`, `oauthOrigin`). */
  config: Record<string, unknown>;
  /** Gets the gateway's `tg/sign` or `tg/signV2` reply: signed in, the account's next steps, or not linked yet. */
  onReply(reply: ThirdSignReply): void | Promise<void>;
}

/**
 * "Log in with Telegram", drawn after Telegram's own button: opens Telegram's OAuth page, which returns here with
 * `#tgAuthResult`; that result, or a Mini App's initData, is checked by the gateway and the reply handed on.
 */
export function TelegramButton({ config, onReply }: TelegramButtonProps) {
  const t = useT();
  const telegram = readTelegramConfig(config);
  const [isBusy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load; a new result comes only with a new load.
  useEffect(() => {
    // Taking the result removes it from the address, so a second run of this effect finds nothing.
    const result = takeAuthResult();
    if (result === null && miniAppInitData() === null) return;
    setBusy(true);
    setProblem(null);
    const signIn = result === null ? signInFromMiniApp() : signInWithAuthResult(result);
    void signIn
      .then(async (reply) => {
        if (reply) await onReply(reply);
      })
      .catch((error: unknown) => setProblem(problemText(t, error)))
      .finally(() => setBusy(false));
  }, []);

  if (!telegram) return null;
  const openTelegram = () => {
    setProblem(null);
    const { origin, pathname, search } = window.location;
    window.location.assign(telegramAuthUrl(telegram, origin, `${origin}${pathname}${search}`));
  };

  return (
    <div className="telegram-sign-in">
      <button
        type="button"
        className="telegram-sign-in__button"
        data-testid="telegram-login"
        disabled={isBusy}
        aria-busy={isBusy}
        onClick={openTelegram}
      >
        <TelegramMark />
        <span>{t('third.tg.button')}</span>
      </button>
      <MethodNotes
        status={isBusy ? t('third.tg.signingIn') : null}
        problem={problem}
        statusClass="telegram-sign-in__hint"
      />
    </div>
  );
}
