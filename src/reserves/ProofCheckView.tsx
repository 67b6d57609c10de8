import type { VerifyReply, VerifyStep } from '../../workers/reserves.api';
import { type Translate, useIntlTag, useT } from '../i18n/i18n';
import { StateView } from '../ui/StateView';
import { formatAmount, formatBuiltAt } from './reserves-format';
import type { CheckState } from './use-reserves';

export interface ProofCheckViewProps {
  check: CheckState;
  onRetry?: () => void;
}

/** What a proof that could not be read at all says to the user. */
function readErrorText(t: Translate, reply: Extract<VerifyReply, { ok: false }>): string {
  switch (reply.error) {
    case 'not-json':
      return t('reserves.error.notJson');
    case 'version':
      return t('reserves.error.version');
    case 'too-large':
      return t('reserves.error.tooLarge');
    default:
      return t('reserves.error.field', { field: reply.field ?? '?' });
  }
}

function StepItem({ step }: { step: VerifyStep }) {
  const t = useT();
  switch (step.kind) {
    case 'account':
      return (
        <li className="reserves-step" data-step="account">
          <p className="reserves-step__title">{t('reserves.step.account')}</p>
          <code className="reserves-hash">{step.input}</code>
          <p className="reserves-step__arrow">{t('reserves.step.gives')}</p>
          <code className="reserves-hash">{step.hash}</code>
        </li>
      );
    case 'leaf':
      return (
        <li className="reserves-step" data-step="leaf">
          <p className="reserves-step__title">{t('reserves.step.leaf')}</p>
          <code className="reserves-hash">{step.input}</code>
          <p className="reserves-step__arrow">{t('reserves.step.gives')}</p>
          <code className="reserves-hash">{step.hash}</code>
        </li>
      );
    case 'node':
      return (
        <li className="reserves-step" data-step="node" data-depth={step.depth}>
          <p className="reserves-step__title">
            {t(step.side === 'left' ? 'reserves.step.nodeLeft' : 'reserves.step.nodeRight', { depth: step.depth })}
          </p>
          <code className="reserves-hash">{step.sibling}</code>
          <p className="reserves-step__arrow">{t('reserves.step.gives')}</p>
          <code className="reserves-hash">{step.hash}</code>
        </li>
      );
    default:
      return (
        <li className="reserves-step" data-step="root" data-matches={step.matches}>
          <p className="reserves-step__title">{t('reserves.step.root')}</p>
          <code className="reserves-hash">{step.computed}</code>
          <p className={step.matches ? 'reserves-step__match' : 'reserves-step__mismatch'}>
            {step.matches ? `✓ ${t('reserves.step.rootMatches')}` : `✗ ${t('reserves.step.rootDiffers')}`}
          </p>
          <code className="reserves-hash">{step.expected}</code>
        </li>
      );
  }
}

/** The verdict of a finished check: verified against the published root, an older tree's proof, or failed. */
function Verdict({ reply, hasPublished }: { reply: Extract<VerifyReply, { ok: true }>; hasPublished: boolean }) {
  const t = useT();
  const intl = useIntlTag();
  const builtAt = formatBuiltAt(reply.proof.builtAt, intl);
  let text: string;
  let good = reply.reachesRoot;
  if (!reply.reachesRoot) text = t('reserves.verdict.failed');
  else if (reply.isPublishedRoot === false) {
    text = t('reserves.verdict.olderTree', { time: builtAt });
    good = false;
  } else if (!hasPublished) text = t('reserves.verdict.ownRootOnly', { time: builtAt });
  else text = t('reserves.verdict.verified', { time: builtAt });
  return (
    <p
      className={good ? 'reserves-verdict reserves-verdict--good' : 'reserves-verdict reserves-verdict--bad'}
      role="status"
      data-testid="reserves-verdict"
      data-verdict={!reply.reachesRoot ? 'failed' : reply.isPublishedRoot === false ? 'older' : 'verified'}
    >
      {text}
    </p>
  );
}

/** The step-by-step view of a proof check (each step shown as the worker reports it), its verdict and the balances. */
export function ProofCheckView({ check, onRetry }: ProofCheckViewProps) {
  const t = useT();
  const intl = useIntlTag();
  if (check.status === 'idle') return null;
  if (check.status === 'failed')
    return <StateView state="error" message={t('reserves.error.checkFailed')} onRetry={onRetry} />;
  if (check.status === 'done' && !check.reply.ok)
    return (
      <p className="reserves-verdict reserves-verdict--bad" role="alert" data-testid="reserves-read-error">
        {readErrorText(t, check.reply)}
      </p>
    );
  const reply = check.status === 'done' && check.reply.ok ? check.reply : null;
  return (
    <div className="reserves-check" data-testid="reserves-check" aria-busy={check.status === 'running'}>
      {reply && <Verdict reply={reply} hasPublished={check.status === 'done' && check.publishedRoot !== undefined} />}
      {reply && (
        <table className="data-table reserves-table reserves-table--balances" data-testid="reserves-balances">
          <caption>{t('reserves.yourBalances')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('reserves.coin')}</th>
              <th scope="col">{t('reserves.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {reply.proof.balances.map(([coin, amount]) => (
              <tr key={coin}>
                <th scope="row">{coin}</th>
                <td data-label={t('reserves.amount')}>{formatAmount(amount, intl)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('reserves.stepsTitle')}</h3>
      <ol className="reserves-steps" data-testid="reserves-steps">
        {check.steps.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps only ever append, in order.
          <StepItem key={index} step={step} />
        ))}
      </ol>
    </div>
  );
}
