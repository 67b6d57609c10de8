import type { HttpBindings } from '@hono/node-server';
import type { AuthSession } from '../auth/session-store';

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
