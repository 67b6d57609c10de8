import { afterAll, beforeAll, expect, vi } from 'vitest';
import { type GatewayOptions, type RunningGateway, startGateway } from '../../../../gateway/server';
import { tempDir } from '../support';
import { makeClientKey } from './ds1-client';
import { Ds1Device, type Reply, serverPublicKeyOf, type Transport } from './ds1-device';

/**
 * The attack drill's ground: a real gateway on a socket over a data dir of its own, behind a "proxy" whose
 * X-Forwarded-For each attacker sets, and the devices that attack it. One per drill file: `const drill = setUpDrill()`.
 */
export interface Drill {
  /** Starts (or, after `restart`'s close, starts again) the gateway on the drill's data dir. */
  start(): Promise<void>;
  /** Closes the gateway and starts it again on the same data (a clean restart). */
  restart(): Promise<void>;
  /** Closes the gateway and removes its data. */
  stop(): Promise<void>;
  readonly gateway: RunningGateway;
  /** `fetch` against the gateway, with no forwarded address. */
  readonly transport: Transport;
  readonly serverKey: string;
  /** A browser of this drill, at a source address of its own. */
  device(source?: string): Ds1Device;
  /** A fresh account registered through the mailbox like a person would, signed in on `owner`; its email. */
  freshAccount(owner: Ds1Device, prefix: string): Promise<string>;
  /** The newest code of a scene the dev mailbox holds for `target`. */
  mailed(target: string, scene: string): Promise<string>;
}

/** A drill over a gateway started with these options (plus the drill's data dir, silence and a trusted proxy). */
export function createDrill(options: Partial<GatewayOptions> = {}): Drill {
  const dir = tempDir('gateway-drill-');
  let gateway: RunningGateway | undefined;
  let transport: Transport = () => {
    throw new Error('the drill gateway is not started');
  };
  let serverKey = '';

  const start = async () => {
    gateway = await startGateway({
      port: 0,
      dataDir: dir.path,
      devRootDir: dir.path,
      logLevel: 'silent',
      trustProxy: true,
      ...options,
    });
    const base = gateway.url;
    transport = (path, init) => fetch(`${base}${path}`, init);
    serverKey = await serverPublicKeyOf(transport);
  };

  const mailed = async (target: string, scene: string) => {
    const reply = (await (
      await transport(`/dev/mailbox.json?target=${encodeURIComponent(target)}&limit=20`, { method: 'GET' })
    ).json()) as Reply;
    return (reply.data as { scene: string; code: string }[]).find((entry) => entry.scene === scene)!.code;
  };

  const drill: Drill = {
    start,
    async restart() {
      await gateway?.close();
      await start();
    },
    async stop() {
      await gateway?.close();
      dir.remove();
    },
    get gateway() {
      if (!gateway) throw new Error('the drill gateway is not started');
      return gateway;
    },
    get transport() {
      return transport;
    },
    get serverKey() {
      return serverKey;
    },
    device(source = '198.51.100.10') {
      const at: Transport = (path, init) =>
        transport(path, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': source },
        });
      return new Ds1Device(at, serverKey, makeClientKey('rsa1024'));
    },
    async freshAccount(owner, prefix) {
      const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      await owner.send('POST', '/v1/msg/verify-code/send', { type: 'email', scene: 'register', email });
      const verifyCode = await mailed(email, 'register');
      const bodyCiphertext = owner.envelope('/v1/user/register/email', { pwd: 'Drill-pass-1', rePwd: 'Drill-pass-1' });
      const { reply } = await owner.send('POST', '/v1/user/register/email', {
        email,
        verifyCode,
        bodyCiphertext,
        agreed: true,
      });
      expect(reply.code, reply.msg).toBe('00000');
      return email;
    },
    mailed,
  };
  return drill;
}

/** How long a drill's gateway may take to start or stop (the signing root and keys are made on a first start). */
export const DRILL_HOOK_MS = 60_000;

/** A drill test's time: a handful of sign-ins over a socket each, on a shared two-core machine. */
export const DRILL_TEST_MS = 30_000;

/** A drill started before the file's tests and stopped after them, whose tests get {@link DRILL_TEST_MS} each. */
export function setUpDrill(options: Partial<GatewayOptions> = {}): Drill {
  vi.setConfig({ testTimeout: DRILL_TEST_MS });
  const drill = createDrill(options);
  beforeAll(drill.start, DRILL_HOOK_MS);
  afterAll(drill.stop, DRILL_HOOK_MS);
  return drill;
}
