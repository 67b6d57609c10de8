import type { HttpBindings } from '@hono/node-server';

/** Hono environment of the gateway: Node bindings (absent under `app.request`) and per-request variables. */
export interface GatewayEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    /** The envelope code of the reply, for the request log. */
    replyCode: string;
  };
}
