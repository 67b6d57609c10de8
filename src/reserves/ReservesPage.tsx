import { useIntlTag, useT } from '../i18n/i18n';
import { ReplyShapeError } from '../api/reply-shape';
import { dataOf } from '../api/read-state';
import { ReadStates } from '../api/ReadStates';
import { StateView } from '../ui/StateView';
import { CoinReservesTable } from './CoinReservesTable';
import { type ReservesServices, type ReservesSummary, reservesServices } from './reserves-api';
import { formatBuiltAt } from './reserves-format';
import { RootHeader } from './RootHeader';
import { RootHistory } from './RootHistory';
import { useReservesSummary, type VerifyProof, verifyInWorker } from './use-reserves';
import { VerifySection } from './VerifySection';
import './reserves.css';

export interface ReservesViewProps {
  services: ReservesServices;
  verify: VerifyProof;
}

/** The published figures: the root header, the table per coin and the earlier roots; empty before the first build. */
function SummaryView({ summary }: { summary: ReservesSummary }) {
  const t = useT();
  if (summary.latest === null)
    return <StateView state="empty" message={t('reserves.noTreeYet')} className="reserves-empty" />;
  return (
    <>
      <RootHeader latest={summary.latest} />
      {summary.coins.length === 0 ? (
        <StateView state="empty" message={t('reserves.noCoins')} />
      ) : (
        <CoinReservesTable coins={summary.coins} />
      )}
      {/* The history starts with the latest build, shown above: only the ones before it are "earlier". */}
      <RootHistory history={summary.history.filter((root) => root.builtAt < summary.latest!.builtAt)} />
    </>
  );
}

/** `/proof-of-reserves` with its calls given: reserves per coin, the published root, and proofs checked in a worker. */
export function ReservesView({ services, verify }: ReservesViewProps) {
  const t = useT();
  const intl = useIntlTag();
  const summary = useReservesSummary(services.fetchSummary);
  const shown = dataOf(summary.state);
  return (
    <section className="reserves" aria-labelledby="reserves-title">
      <h1 id="reserves-title">{t('reserves.title')}</h1>
      <p className="reserves__intro">{t('reserves.intro')}</p>
      <ReadStates
        state={summary.state}
        onRetry={() => void summary.refresh()}
        texts={{
          failed: (error) =>
            error instanceof ReplyShapeError ? t('reserves.error.badReply') : t('reserves.loadFailed'),
          keptAsOf: (at) => t('reserves.offlineKept', { time: formatBuiltAt(at, intl) }),
        }}
      >
        {(data) => <SummaryView summary={data} />}
      </ReadStates>
      <section className="reserves-section" aria-labelledby="reserves-how-title">
        <h2 id="reserves-how-title">{t('reserves.howTitle')}</h2>
        <ul className="reserves__list">
          <li>{t('reserves.how.leaves')}</li>
          <li>{t('reserves.how.nonce')}</li>
          <li>{t('reserves.how.root')}</li>
        </ul>
      </section>
      <VerifySection
        fetchProof={services.fetchProof}
        verify={verify}
        published={shown?.latest ?? null}
        onNewerTree={async () => (await summary.refresh())?.latest?.root}
      />
    </section>
  );
}

/** `/proof-of-reserves` (spec §2.1, simulation-capable): the gateway's summary and the worker's verifier. */
export function ReservesPage() {
  return <ReservesView services={reservesServices} verify={verifyInWorker} />;
}
