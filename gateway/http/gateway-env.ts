import type { HttpBindings } from '@hono/node-server';

/**
 * A signed-in session, as the session middleware (gateway/auth) sets it on a request; `sessionId` is an opaque public
 * handle, never the `sid` cookie value.
 */
export interface AuthSession {
  sessionId: string;
  userId: string;
  createdAt: number;
  lastSeenAt: number;
  /** Absolute expiry (ms). */
  expiresAt: number;
  /** When the session ends if unused (ms). */
  idleExpiresAt: number;
}

/** Hono environment of the gateway: Node bindings (absent under `app.request`) and per-request variables. */
export interface GatewayEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    /** The envelope code of the reply, for the request log. */
    replyCode: string;
    /** The signed-in session, set by the auth session middleware (null when anonymous). */
    session: AuthSession | null;
    /** Whether the browser reached the gateway over https, directly or through a trusted proxy (request-origin.ts). */
    isHttps: boolean;
    /** The caller's address for rate limits (request-origin.ts). */
    clientAddress: string;
  };
}
