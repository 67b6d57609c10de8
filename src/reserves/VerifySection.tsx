import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n/i18n';
import { authState } from '../session/auth-state';
import { isSimulationOn } from '../simulation/simulation';
import { Button } from '../ui/Button';
import { ProofCheckView } from './ProofCheckView';
import { type ProofFailure, type PublishedRoot, proofFailureOf, type ReservesServices } from './reserves-api';
import { proofFileName } from './reserves-format';
import { useProofCheck, type VerifyProof } from './use-reserves';

/** The worker's limit for a proof's text: a larger file is read only this far (and refused there). */
const MAX_FILE_BYTES = 1_000_000;

export interface VerifySectionProps {
  fetchProof: ReservesServices['fetchProof'];
  verify: VerifyProof;
  /** The latest published root, when the summary could be had. */
  published: PublishedRoot | null;
  /** Reads the summary again when the user's proof is of a newer tree than the page shows; gives its root. */
  onNewerTree: () => Promise<string | undefined>;
}

/** Saves a checked proof as `reserves-proof-<date>.json` through a Blob URL (the CSP allows blob:). */
function saveProof(proof: { builtAt: number }): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = proofFileName(proof.builtAt);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const FAILURE_KEYS = {
  signedOut: 'reserves.own.signInFirst',
  simulation: 'reserves.own.simulation',
  notInTree: 'reserves.own.notInTree',
  notReady: 'reserves.own.notReady',
  rateLimited: 'reserves.own.rateLimited',
  offline: 'error.offline',
  failed: 'reserves.own.failed',
} as const satisfies Record<ProofFailure, string>;

/** "Verify my balance": the signed-in user's proof downloaded, saved and checked; a sign-in link when signed out. */
function OwnProof({ fetchProof, verify, published, onNewerTree }: VerifySectionProps) {
  const t = useT();
  const { status } = useSnapshot(authState);
  const { check, run } = useProofCheck(verify);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ProofFailure | null>(null);
  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const proof = await fetchProof();
      let reply = await run(proof, published?.root);
      // A tree built since the page read the summary: read it again, so the proof is checked against the new root.
      if (reply?.ok && reply.isPublishedRoot === false && reply.proof.builtAt > (published?.builtAt ?? 0))
        reply = await run(proof, await onNewerTree());
      if (reply?.ok) saveProof(reply.proof);
    } catch (error) {
      setFailure(proofFailureOf(error));
    } finally {
      setBusy(false);
    }
  };
  if (status === 'anonymous' || failure === 'signedOut')
    return (
      <p className="reserves-own" data-testid="reserves-signed-out">
        {t('reserves.own.signInFirst')}{' '}
        <Link to="/login" search={{ redirect: '/proof-of-reserves' }}>
          {t('nav.signIn')}
        </Link>
      </p>
    );
  // In simulation mode the session is on the demo account, whose simulated balances are in no tree.
  if (isSimulationOn() || failure === 'simulation')
    return (
      <p className="reserves-own" data-testid="reserves-simulation">
        {t('reserves.own.simulation')}
      </p>
    );
  return (
    <div className="reserves-own">
      <p>{t('reserves.own.intro')}</p>
      <Button variant="primary" loading={busy} onClick={() => void start()}>
        {t('reserves.own.action')}
      </Button>
      {failure && (
        <p className="reserves-verdict reserves-verdict--bad" role="alert" data-testid="reserves-own-error">
          {t(FAILURE_KEYS[failure])}
        </p>
      )}
      <ProofCheckView check={check} onRetry={() => void start()} />
    </div>
  );
}

/** "Verify a proof file": any proof, no sign-in; read and checked in the worker against the published root. */
function FileProof({ verify, publishedRoot }: { verify: VerifyProof; publishedRoot: string | undefined }) {
  const t = useT();
  const inputId = useId();
  const { check, run } = useProofCheck(verify);
  const [file, setFile] = useState<File | null>(null);
  const checkFile = async (picked: File) => {
    // A file too large to be a proof is read only far enough for the worker to say so.
    await run(await picked.slice(0, MAX_FILE_BYTES + 1).text(), publishedRoot);
  };
  return (
    <div className="reserves-file">
      <label htmlFor={inputId}>{t('reserves.file.label')}</label>
      <input
        id={inputId}
        type="file"
        accept="application/json,.json"
        data-testid="reserves-file-input"
        onChange={(event) => {
          const picked = event.currentTarget.files?.[0] ?? null;
          setFile(picked);
          if (picked) void checkFile(picked);
        }}
      />
      <ProofCheckView check={check} onRetry={file ? () => void checkFile(file) : undefined} />
    </div>
  );
}

/** Both ways to check a proof, and the command that checks one offline. */
export function VerifySection(props: VerifySectionProps) {
  const t = useT();
  return (
    <>
      <section className="reserves-section" aria-labelledby="reserves-own-title">
        <h2 id="reserves-own-title">{t('reserves.own.title')}</h2>
        <OwnProof {...props} />
      </section>
      <section className="reserves-section" aria-labelledby="reserves-file-title">
        <h2 id="reserves-file-title">{t('reserves.file.title')}</h2>
        <FileProof verify={props.verify} publishedRoot={props.published?.root} />
        {/* For those who verify it themselves: folded away from everyone else. */}
        <details className="reserves__offline">
          <summary className="reserves__note">{t('reserves.file.command')}</summary>
          <pre className="reserves-command">
            <code>node scripts/verify-reserves-proof.mjs &lt;file&gt;</code>
          </pre>
        </details>
      </section>
    </>
  );
}
