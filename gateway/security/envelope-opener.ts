import type { Context } from 'hono';
import type { GatewayEnv } from '../http/gateway-env';
import type { Logger } from '../log/logger';
import { type FailedLoginEnvelope, type OpenedLoginEnvelope, openLoginEnvelope } from './login-envelope';
import type { ReplayStore } from './replay-store';
import type { SigningIdentity } from './server-key';
import { encryptedFieldsFor, type SignPolicy } from './sign-config';

/** What the envelope opener is built from. */
export interface EnvelopeOpenerDeps {
  identity: SigningIdentity;
  policy: SignPolicy;
  /** Where opened envelopes are remembered (one use each, across restarts). */
  replay: ReplayStore;
  /** Gateway clock in ms (default Date.now). */
  now?: () => number;
  logger?: Logger;
}

/** Opens a request's `bodyCiphertext` with the fields its path's `enc:` entry names; the shape gateway/auth's `openEnvelope` expects. */
export type EnvelopeOpenerFn = (
  c: Context<GatewayEnv>,
  body: Record<string, unknown>,
  path: string,
) => Promise<OpenedLoginEnvelope | FailedLoginEnvelope>;

/** Builds the opener (contract §3); named fields are required on a configured login url itself and optional on paths under it. */
export function createEnvelopeOpener(deps: EnvelopeOpenerDeps): EnvelopeOpenerFn {
  const now = deps.now ?? Date.now;
  return async (_c, body, path) => {
    const fields = encryptedFieldsFor(path, deps.policy) ?? [];
    return openLoginEnvelope({
      body,
      path,
      now: now(),
      serverPrivateKey: deps.identity.serverPrivateKey,
      serverPublicKeyB64: deps.identity.serverPublicKey,
      fields,
      // The client encrypts the fields of the longest matching `enc:` key even on verify-login and similar
      // paths below a login url, where those fields do not exist.
      requireFields: Object.hasOwn(deps.policy.signModes, path),
      replay: deps.replay,
      logger: deps.logger,
    });
  };
}
