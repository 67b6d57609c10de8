import { useEffect, useId, useRef, useState } from 'react';
import { RequestError } from '../../../api/request';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import type { ThirdSignReply } from '../third-api';
import { createQrCode, isWaitReply, QR_CODES, type QrCodeReply, readQrStatus } from './qr-api';
import { QrCode } from '../../../ui/QrCode';
import { type PollNext, startQrPoll } from './qr-poll';
import './qr.css';

/** The poll interval when the gateway's config does not name one. */
const DEFAULT_POLL_MS = 2000;
/** The longest pause between polls after failures. */
const MAX_BACKOFF_MS = 30_000;

/** Where the panel stands. */
type View = 'loading' | 'waiting' | 'scanned' | 'signingIn' | 'expired' | 'cancelled' | 'failed' | 'unavailable';

export interface QrLoginProps {
  /** The gateway's public QR config (`pollMs`). */
  config: Record<string, unknown>;
  /** Gets the login reply once the phone confirmed: this browser is signed in. */
  onReply(reply: ThirdSignReply): void | Promise<void>;
}

function pollMsOf(config: Record<string, unknown>): number {
  const value = config.pollMs;
  return typeof value === 'number' && Number.isFinite(value) && value >= 500 ? value : DEFAULT_POLL_MS;
}

/** "Log in with QR code": a button that opens the panel; the code is made only when someone opens it. */
export function QrLogin({ config, onReply }: QrLoginProps) {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="qr-login">
      <Button
        variant="secondary"
        block
        aria-expanded={isOpen}
        aria-controls={panelId}
        data-testid="qr-login-toggle"
        onClick={() => setOpen((open) => !open)}
      >
        {t('third.qr.open')}
      </Button>
      <div id={panelId} hidden={!isOpen}>
        {isOpen && <QrPanel pollMs={pollMsOf(config)} onReply={onReply} />}
      </div>
    </div>
  );
}

/** The code, its hint and its state; polls while shown and the page is seen, stops when it goes. */
function QrPanel({ pollMs, onReply }: { pollMs: number; onReply: QrLoginProps['onReply'] }) {
  const t = useT();
  const [generation, setGeneration] = useState(0);
  const [code, setCode] = useState<QrCodeReply | null>(null);
  const [view, setView] = useState<View>('loading');
  const [account, setAccount] = useState('');
  const [isRetrying, setRetrying] = useState(false);
  // The latest handler, so a parent's re-render does not restart the poll.
  const onReplyRef = useRef(onReply);
  onReplyRef.current = onReply;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation (Refresh) asks for a new code.
  useEffect(() => {
    let live = true;
    setCode(null);
    setView('loading');
    setRetrying(false);
    createQrCode().then(
      (made) => {
        if (!live) return;
        setCode(made);
        setView('waiting');
      },
      () => live && setView('failed'),
    );
    return () => {
      live = false;
    };
  }, [generation]);

  const key = code?.qrcodeKey;
  useEffect(() => {
    if (key === undefined) return;
    const onError = (error: unknown): PollNext => {
      const failed = error instanceof RequestError ? error.details.code : undefined;
      if (failed === QR_CODES.unknownKey || failed === QR_CODES.otherBrowser) {
        setView('expired');
        return 'stop';
      }
      if (failed === QR_CODES.accountUnavailable) {
        setView('unavailable');
        return 'stop';
      }
      // The network or the gateway: say so and keep trying, more slowly each time.
      setRetrying(true);
      return 'continue';
    };
    return startQrPoll({
      read: () => readQrStatus(key),
      intervalMs: pollMs,
      maxBackoffMs: MAX_BACKOFF_MS,
      onError,
      onResult: (reply) => {
        setRetrying(false);
        if (!isWaitReply(reply)) {
          setView('signingIn');
          Promise.resolve(onReplyRef.current(reply)).catch(() => setView('failed'));
          return 'stop';
        }
        if (reply.status === 'scanned') {
          setAccount(reply.account);
          setView('scanned');
          return 'continue';
        }
        if (reply.status === 'waiting') {
          setView('waiting');
          return 'continue';
        }
        setView(reply.status === 'cancelled' ? 'cancelled' : 'expired');
        return 'stop';
      },
    });
  }, [key, pollMs]);

  const isLive = view === 'waiting' || view === 'scanned' || view === 'signingIn';
  const canRefresh = view === 'expired' || view === 'cancelled' || view === 'failed' || view === 'unavailable';
  const statusText: Record<View, string> = {
    loading: t('third.qr.loading'),
    waiting: t('third.qr.hint'),
    scanned: account === '' ? t('third.qr.scanned') : t('third.qr.scannedBy', { account }),
    signingIn: t('third.qr.signingIn'),
    expired: t('third.qr.expired'),
    cancelled: t('third.qr.cancelled'),
    failed: t('third.qr.failed'),
    unavailable: t('third.qr.unavailable'),
  };

  return (
    <section className="qr-login__panel" aria-labelledby={`${key ?? 'qr'}-title`} data-testid="qr-login-panel">
      <h3 className="qr-login__title" id={`${key ?? 'qr'}-title`}>
        {t('third.qr.title')}
      </h3>
      <div className="qr-login__frame" data-state={view}>
        {code && isLive ? (
          <QrCode
            value={code.qrContent}
            label={t('third.qr.codeLabel')}
            size={184}
            testId="qr-login-code"
            className="qr-login__code"
          />
        ) : (
          <div className="qr-login__placeholder" aria-hidden="true" />
        )}
        {view === 'scanned' && <div className="qr-login__veil" aria-hidden="true" />}
      </div>
      <p className="qr-login__status" role="status" data-testid="qr-login-status" data-state={view}>
        {statusText[view]}
      </p>
      {isRetrying && isLive && (
        <p className="qr-login__error" role="alert">
          {t('third.qr.retrying')}
        </p>
      )}
      {canRefresh && (
        <Button variant="primary" data-testid="qr-login-refresh" onClick={() => setGeneration((n) => n + 1)}>
          {t('third.qr.refresh')}
        </Button>
      )}
    </section>
  );
}
