import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../log/logger';
import type { GatewayEnv } from './gateway-env';

/** Logs one line per request: method, path (never the query, which may carry secrets), status, duration and envelope code. */
export function requestLog(logger: Logger): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const fields = {
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      code: c.get('replyCode'),
    };
    if (status >= 500) logger.error('request', fields);
    else if (status >= 400) logger.warn('request', fields);
    else logger.info('request', fields);
  };
}
