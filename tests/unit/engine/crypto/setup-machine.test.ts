import { describe, expect, it } from 'vitest';
import { nextSetupStep, runSetup, type SetupPhase } from '../../../../engine/crypto/setup-machine';
import { nodePrimitives, rawConfig, rsaKey } from './node-primitives';

const root = rsaKey(2048);
const server = rsaKey(2048);
const deps = { primitives: nodePrimitives, root: { spkiDer: root.spkiDer } };

describe('runSetup', () => {
  it('walks idle → configFetched → serverKeyVerified → ready without reports', async () => {
    const outcome = await runSetup(deps, rawConfig(root, server));
    expect(outcome.trail).toEqual(['idle', 'configFetched', 'serverKeyVerified', 'ready']);
    expect(outcome.phase).toBe('ready');
    expect(outcome.reports).toEqual([]);
    expect(outcome.fingerprint).toMatch(/^[0-9a-f]{32}$/);
  });

  it('ends disabled when clientOpen is false', async () => {
    const outcome = await runSetup(deps, { clientOpen: false });
    expect(outcome.trail).toEqual(['idle', 'configFetched', 'disabled']);
    expect(outcome.reports).toEqual([]);
  });

  it('ends initFailed with a gatewaySignVerifyFailed report when another root signed the server key', async () => {
    const outcome = await runSetup(deps, rawConfig(rsaKey(2048), server));
    expect(outcome.trail).toEqual(['idle', 'configFetched', 'initFailed']);
    expect(outcome.reports).toEqual([
      { event: 'gatewaySignVerifyFailed', reason: 'serverPublicKeySign rejected by the root key' },
    ]);
    expect(outcome.fingerprint).toBeNull();
  });

  it('ends initFailed with configNotMatched naming the field of a malformed config', async () => {
    const outcome = await runSetup(deps, { clientOpen: true, serverPublicKey: 'nope' });
    expect(outcome.phase).toBe('initFailed');
    expect(outcome.reports).toEqual([
      { event: 'configNotMatched', reason: expect.stringMatching(/^serverPublicKey:/) },
    ]);
  });

  it('ends initFailed with an initFailed report when the embedded root cannot be read', async () => {
    const outcome = await runSetup(
      { primitives: nodePrimitives, root: { error: 'root certificate: bad PEM' } },
      rawConfig(root, server),
    );
    expect(outcome.phase).toBe('initFailed');
    expect(outcome.reports).toEqual([{ event: 'initFailed', reason: 'root certificate: bad PEM' }]);
  });

  it('ends failed, reported as loginEncryptFailed, when preparing the key store throws', async () => {
    const outcome = await runSetup(
      {
        ...deps,
        prepare: async () => {
          throw new Error('store broke');
        },
      },
      rawConfig(root, server),
    );
    expect(outcome.trail).toEqual(['idle', 'configFetched', 'serverKeyVerified', 'failed']);
    expect(outcome.reports).toEqual([{ event: 'loginEncryptFailed', reason: 'setup: Error: store broke' }]);
  });

  it('ends failed when a primitive throws', async () => {
    const broken = {
      ...nodePrimitives,
      md5: async () => {
        throw new TypeError('no md5');
      },
    };
    const outcome = await runSetup({ primitives: broken, root: { spkiDer: root.spkiDer } }, rawConfig(root, server));
    expect(outcome.phase).toBe('failed');
    expect(outcome.reports[0]?.event).toBe('loginEncryptFailed');
  });
});

describe('nextSetupStep', () => {
  it('resets any phase to idle', () => {
    for (const phase of ['ready', 'disabled', 'initFailed', 'failed'] as SetupPhase[])
      expect(nextSetupStep(phase, { type: 'reset' })?.phase).toBe('idle');
  });

  it('refuses transitions that skip verification', () => {
    expect(nextSetupStep('idle', { type: 'serverKeyVerified' })).toBeNull();
    expect(nextSetupStep('configFetched', { type: 'prepared' })).toBeNull();
    expect(nextSetupStep('initFailed', { type: 'configAccepted' })).toBeNull();
    expect(nextSetupStep('ready', { type: 'crashed', reason: 'x' })).toBeNull();
  });
});
