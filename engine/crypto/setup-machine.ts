import type { CryptoPrimitives } from './primitives';
import { readRsaSpki } from './rsa-spki';
import { type SecurityReport, securityReport } from '../rules/security-report';
import { parseSignConfig, type SignConfig } from './sign-config';
import { serverKeyFingerprint, verifyServerKey } from './server-key';

/** Setup phases (signing contract §1, spec §4); `disabled`, `initFailed` and `failed` leave signing off. */
export type SetupPhase =
  | 'idle'
  | 'configFetched'
  | 'serverKeyVerified'
  | 'ready'
  | 'disabled'
  | 'initFailed'
  | 'failed';

/** What happens during setup (signing contract §1). */
export type SetupEvent =
  | { type: 'configAccepted' }
  | { type: 'configRejected'; reason: string }
  | { type: 'rootKeyInvalid'; reason: string }
  | { type: 'clientClosed' }
  | { type: 'serverKeyVerified' }
  | { type: 'serverKeyRejected' }
  | { type: 'prepared' }
  | { type: 'crashed'; reason: string }
  | { type: 'reset' };

/** A phase with the reason it failed, if it did, and the reports the step sends. */
export interface SetupStep {
  phase: SetupPhase;
  reason: string | null;
  reports: SecurityReport[];
}

const step = (phase: SetupPhase, reason: string | null = null, reports: SecurityReport[] = []): SetupStep => ({
  phase,
  reason,
  reports,
});

/**
 * The setup state machine (signing contract §1, spec §4): `idle → configFetched → serverKeyVerified → ready`,
 * `disabled` when clientOpen is false, `initFailed` when the config or server key fails its checks, `failed`
 * (reported as loginEncryptFailed) when anything else breaks. Returns null for a transition that is not allowed.
 */
export function nextSetupStep(phase: SetupPhase, event: SetupEvent): SetupStep | null {
  if (event.type === 'reset') return step('idle');
  const reason = 'reason' in event ? event.reason : '';
  switch (`${phase}:${event.type}`) {
    case 'idle:configAccepted':
      return step('configFetched');
    case 'idle:configRejected':
      return step('initFailed', reason, [securityReport('configNotMatched', reason)]);
    case 'configFetched:clientClosed':
      return step('disabled');
    case 'configFetched:rootKeyInvalid':
      return step('initFailed', reason, [securityReport('initFailed', reason)]);
    case 'configFetched:serverKeyVerified':
      return step('serverKeyVerified');
    case 'configFetched:serverKeyRejected':
      return step('initFailed', 'server key signature rejected', [
        securityReport('gatewaySignVerifyFailed', 'serverPublicKeySign rejected by the root key'),
      ]);
    case 'serverKeyVerified:prepared':
      return step('ready');
  }
  if (event.type === 'crashed' && (phase === 'idle' || phase === 'configFetched' || phase === 'serverKeyVerified')) {
    return step('failed', reason, [securityReport('loginEncryptFailed', reason)]);
  }
  return null;
}

/** What a setup run needs: the primitives, the embedded root key (or why it could not be read), and a last preparation step. */
export interface SetupDeps {
  primitives: CryptoPrimitives<unknown>;
  root: { spkiDer: Uint8Array } | { error: string };
  /** Runs between serverKeyVerified and ready (the worker opens its key store here); a throw ends in `failed`. */
  prepare?: () => Promise<void>;
}

/** The end of a setup run: its phase, the config (verified only when ready), the server key fingerprint and every report. */
export interface SetupOutcome extends SetupStep {
  config: SignConfig | null;
  fingerprint: string | null;
  /** Every phase passed through, first to last. */
  trail: SetupPhase[];
}

/** Runs the setup of signing contract §1 from a config as received, without throwing. */
export async function runSetup(deps: SetupDeps, rawConfig: unknown): Promise<SetupOutcome> {
  let current = step('idle');
  const trail: SetupPhase[] = ['idle'];
  const reports: SecurityReport[] = [];
  let config: SignConfig | null = null;
  let fingerprint: string | null = null;
  const apply = (event: SetupEvent) => {
    const next = nextSetupStep(current.phase, event);
    if (!next) throw new Error(`setup: ${event.type} is not allowed in ${current.phase}`);
    current = next;
    trail.push(next.phase);
    reports.push(...next.reports);
  };
  const outcome = (): SetupOutcome => ({ ...current, reports, config, fingerprint, trail });

  try {
    const parsed = parseSignConfig(rawConfig);
    if (!parsed.ok) {
      apply({ type: 'configRejected', reason: parsed.error });
      return outcome();
    }
    config = parsed.config;
    apply({ type: 'configAccepted' });
    if (!config.clientOpen) {
      apply({ type: 'clientClosed' });
      return outcome();
    }
    if ('error' in deps.root || !readRsaSpki(deps.root.spkiDer)) {
      apply({ type: 'rootKeyInvalid', reason: 'error' in deps.root ? deps.root.error : 'root key is not an RSA SPKI' });
      return outcome();
    }
    if (!(await verifyServerKey(deps.primitives, deps.root.spkiDer, config))) {
      apply({ type: 'serverKeyRejected' });
      return outcome();
    }
    fingerprint = await serverKeyFingerprint(deps.primitives, config.serverPublicKey);
    apply({ type: 'serverKeyVerified' });
    await deps.prepare?.();
    apply({ type: 'prepared' });
  } catch (error) {
    apply({
      type: 'crashed',
      reason: `setup: ${error instanceof Error ? `${error.name}: ${error.message}` : 'error'}`,
    });
  }
  return outcome();
}
