import { useIntlTag, useT } from '../i18n/i18n';
import { StateView } from '../ui/StateView';
import type { PublishedRoot } from './reserves-api';
import { formatBuiltAt } from './reserves-format';

export interface RootHistoryProps {
  history: PublishedRoot[];
}

/** The roots published before, newest first, so an older proof can be matched to its tree. */
export function RootHistory({ history }: RootHistoryProps) {
  const t = useT();
  const intl = useIntlTag();
  return (
    <section className="reserves-section" aria-labelledby="reserves-history-title">
      <h2 id="reserves-history-title">{t('reserves.historyTitle')}</h2>
      {history.length === 0 ? (
        <StateView state="empty" message={t('reserves.noHistory')} />
      ) : (
        <ol className="reserves-history" data-testid="reserves-history">
          {history.map((entry) => (
            <li key={`${entry.builtAt}-${entry.root}`}>
              <time dateTime={new Date(entry.builtAt).toISOString()}>{formatBuiltAt(entry.builtAt, intl)}</time>
              <span>{t('reserves.accountCount', { count: entry.leafCount })}</span>
              <code className="reserves-hash">{entry.root}</code>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
