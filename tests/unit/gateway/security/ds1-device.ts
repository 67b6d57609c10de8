import { cookieHeader, followSetCookies } from '../support';
import { buildEnvelope, type ClientKey, makeClientKey, newTraceId, signedHeaders } from './ds1-client';

/** A JSON reply as these tests read it. */
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field.
export type Reply = { code: string; msg: string; status?: string; data: any };

/** How a device reaches the gateway: `app.request` (no socket) or `fetch` over a real one. */
export type Transport = (path: string, init: RequestInit) => Response | Promise<Response>;

/** One sent request and what came back. */
export interface Exchange {
  status: number;
  reply: Reply;
  headers: Headers;
}

/** What a request may change from what a well-behaved client sends. */
export interface SendOptions {
  /** The sign mode; null sends no signature headers; default: none (unsigned). */
  mode?: string | null;
  /** Sends exactly these headers after signing (a captured request is replayed this way). */
  replayHeaders?: Record<string, string>;
  extraHeaders?: Record<string, string>;
  /** Signs `body` but sends this instead (a body changed on the way). */
  sentBody?: unknown;
}

/**
 * A browser that follows the signing contract with its own client key: keeps cookies, encrypts login fields into
 * envelopes, signs core requests; and remembers the last request sent, so a test can replay it as an attacker would.
 */
export class Ds1Device {
  readonly cookies = new Map<string, string>();
  /** The last request as it went out: path, headers, body. */
  lastSent: { method: string; path: string; headers: Record<string, string>; body: string | undefined } | null = null;
  #query = 0;

  constructor(
    private readonly transport: Transport,
    private readonly serverPublicKey: string,
    readonly key: ClientKey = makeClientKey('rsa1024'),
  ) {}

  /** A copy of this device's cookies in another device with another key (a stolen session). */
  stealInto(thief: Ds1Device): Ds1Device {
    for (const [name, value] of this.cookies) thief.cookies.set(name, value);
    return thief;
  }

  /** Sends a JSON request (signed when `mode` is given) and follows its Set-Cookie lines. */
  async send(method: 'GET' | 'POST', path: string, body?: unknown, options: SendOptions = {}): Promise<Exchange> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    let headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.mode !== null && options.mode !== undefined) {
      const signed = signedHeaders({
        client: this.key,
        mode: options.mode,
        method,
        target: path,
        requestTime: String(Date.now()),
        traceId: newTraceId(),
        body: text,
      });
      headers = { ...headers, ...signed };
    }
    headers = { ...headers, ...options.extraHeaders, ...options.replayHeaders };
    if (this.cookies.size > 0) headers.cookie = cookieHeader(this.cookies);
    const sent = options.sentBody === undefined ? text : JSON.stringify(options.sentBody);
    this.lastSent = { method, path, headers, body: sent };
    const res = await this.transport(path, { method, headers, body: sent });
    followSetCookies(this.cookies, res);
    return { status: res.status, reply: (await res.json()) as Reply, headers: res.headers };
  }

  /** The `bodyCiphertext` of a login url's fields, sealed for this path now (contract §3). */
  envelope(path: string, fields: Record<string, unknown>, ts = Date.now()): string {
    return buildEnvelope({ serverPublicKey: this.serverPublicKey, client: this.key, path, ts, fields });
  }

  /** The password step with an envelope; returns the reply (signed in, or the steps left). */
  async login(
    loginName: string,
    pwd: string,
    extra: Record<string, unknown> = {},
    options: SendOptions = {},
  ): Promise<Exchange> {
    return this.send(
      'POST',
      '/v1/user/login',
      { ...extra, bodyCiphertext: this.envelope('/v1/user/login', { loginName, pwd }) },
      options,
    );
  }

  /** `GET userinfo` signed in mode "1", with a fresh `_t` as the request layer adds one. */
  async userinfo(): Promise<Reply> {
    this.#query += 1;
    return (
      await this.send('GET', `/v1/user/overview/userinfo?_t=${Date.now()}${this.#query}`, undefined, { mode: '1' })
    ).reply;
  }
}

/** The server key the gateway serves in its signing configuration (contract §1). */
export async function serverPublicKeyOf(transport: Transport): Promise<string> {
  const res = await transport('/v1/mix/config/gatewaySignConfig', { method: 'GET' });
  return ((await res.json()) as Reply).data.gatewaySignConfig.serverPublicKey;
}
