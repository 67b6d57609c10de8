import { useCallback, useEffect, useId, useState } from 'react';
import { isOfflineError } from '../api/failures';
import { useSnapshot } from 'valtio';
import { i18nState, loadTexts, useT } from '../i18n/i18n';
import { RichText } from '../ui/RichText';
import { StateView } from '../ui/StateView';
import { type CoinDescriptionReply, fetchCoinDescription, isNotFoundError } from './content-api';
import './content.css';

export interface CoinDescriptionProps {
  coin: string;
}

type CoinState =
  | { status: 'loading' }
  | { status: 'ready'; data: CoinDescriptionReply }
  | { status: 'error'; error: unknown };

/**
 * A coin's description (name, intro, links) on the trading screen and the deposit page, sanitized by RichText (§5).
 * Folded by default: the heading is a button that opens it; the text is fetched when first opened.
 */
export function CoinDescription({ coin }: CoinDescriptionProps) {
  const t = useT();
  const { locale } = useSnapshot(i18nState);
  const panelId = useId();
  const [isOpen, setOpen] = useState(false);
  const [state, setState] = useState<CoinState>({ status: 'loading' });

  useEffect(() => {
    void loadTexts('content')?.catch(() => undefined);
  }, []);

  const load = useCallback(() => {
    let isCurrent = true;
    setState({ status: 'loading' });
    fetchCoinDescription(coin, locale).then(
      (data) => isCurrent && setState({ status: 'ready', data }),
      (error: unknown) => isCurrent && setState({ status: 'error', error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [coin, locale]);
  useEffect(() => (isOpen ? load() : undefined), [isOpen, load]);

  return (
    <section className="coin-description" data-testid="coin-description">
      <h2 className="coin-description__heading">
        <button
          type="button"
          className="coin-description__toggle"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setOpen((open) => !open)}
        >
          {t('content.coin.title', { coin })}
        </button>
      </h2>
      <div id={panelId} hidden={!isOpen} className="coin-description__panel">
        {isOpen && state.status === 'loading' && <StateView state="loading" />}
        {isOpen && state.status === 'error' && (
          <StateView
            state={isOfflineError(state.error) ? 'offline' : isNotFoundError(state.error) ? 'empty' : 'error'}
            message={
              isOfflineError(state.error)
                ? undefined
                : isNotFoundError(state.error)
                  ? t('content.coin.none', { coin })
                  : t('content.coin.failed', { coin })
            }
            onRetry={isNotFoundError(state.error) ? undefined : load}
          />
        )}
        {isOpen && state.status === 'ready' && <RichText html={state.data.html} className="rich-content" />}
      </div>
    </section>
  );
}
