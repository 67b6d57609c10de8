import { useEffect, useId, useState } from 'react';
import { ReadStates } from '../api/ReadStates';
import { fresh, useRead } from '../api/use-read';
import { useSnapshot } from 'valtio';
import { i18nState, loadTexts, useT } from '../i18n/i18n';
import { RichText } from '../ui/RichText';
import { StateView } from '../ui/StateView';
import { type CoinDescriptionReply, fetchCoinDescription, isNotFoundError } from './content-api';
import './content.css';

export interface CoinDescriptionProps {
  coin: string;
}

/**
 * A coin's description (name, intro, links) on the trading screen and the deposit page, sanitized by RichText (§5).
 * Folded by default: the heading is a button that opens it; the text is fetched when first opened.
 */
export function CoinDescription({ coin }: CoinDescriptionProps) {
  const t = useT();
  const { locale } = useSnapshot(i18nState);
  const panelId = useId();
  const [isOpen, setOpen] = useState(false);

  useEffect(() => {
    void loadTexts('content')?.catch(() => undefined);
  }, []);

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
        {isOpen && <CoinDescriptionText coin={coin} locale={locale} />}
      </div>
    </section>
  );
}

/** A coin with no description is not a failure: the read answers null for it. */
const describe = (coin: string, locale: string): Promise<CoinDescriptionReply | null> =>
  fetchCoinDescription(coin, locale).catch((error: unknown) => {
    if (isNotFoundError(error)) return null;
    throw error;
  });

/** The description's text, read once the panel is first opened (and again for another coin or language). */
function CoinDescriptionText({ coin, locale }: { coin: string; locale: string }) {
  const t = useT();
  const description = useRead(
    fresh(() => describe(coin, locale)),
    { key: `${coin}/${locale}`, needsSession: false },
  );
  return (
    <ReadStates
      state={description.state}
      onRetry={() => void description.refresh()}
      texts={{ failed: t('content.coin.failed', { coin }) }}
    >
      {(data) =>
        data === null ? (
          <StateView state="empty" message={t('content.coin.none', { coin })} />
        ) : (
          <RichText html={data.html} className="rich-content" />
        )
      }
    </ReadStates>
  );
}
