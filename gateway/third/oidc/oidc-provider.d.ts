// The part of panva's oidc-provider (which ships no types) that the local-mode providers use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** An account the provider signs in. */
  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  /** A grant of scopes to a client. */
  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  /** A pending interaction (the provider's login prompt). */
  export interface Interaction {
    uid: string;
    params: Record<string, unknown>;
    prompt: { name: string };
  }

  /** The provider (a Koa application). */
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    Grant: new (init: {
      accountId: string;
      clientId: string;
    }) => Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
