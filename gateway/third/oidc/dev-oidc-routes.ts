import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { type Context, Hono } from 'hono';
import { businessErrorHandler } from '../../http/envelope';
import type { GatewayEnv } from '../../http/gateway-env';
import { invalidField } from '../../http/gateway-error';
import { requestOriginOf } from '../../http/request-origin';
import { createDevOidcProviders } from './dev-oidc-providers';
import { DEV_OIDC_CSS, renderDevOidcPage } from './dev-oidc-page';
import type { OidcDirectory } from './oidc-directory';
import { DEV_OIDC_BASE, OIDC_PROVIDERS } from './oidc-settings';

/** The stylesheet of the dev providers' page. */
export const DEV_OIDC_CSS_PATH = `${DEV_OIDC_BASE}/page.css`;

/** Local mode's two OpenID providers, one per origin the gateway is reached at, with their keys and routes. */
export interface DevOidc {
  /** Finds the dev issuers' endpoints and keys without a network round trip. */
  directory: OidcDirectory;
  /** `/dev/oidc/<provider>/…`: the providers themselves, and their sign-in page. */
  routes: Hono<GatewayEnv>;
}

/** The Node request and response under a Hono request: the providers speak to those directly. */
function rawOf(c: Context<GatewayEnv>) {
  const req = c.env?.incoming as (IncomingMessage & { originalUrl?: string }) | undefined;
  const res = c.env?.outgoing as ServerResponse | undefined;
  if (!req || !res) throw invalidField('server', 'the dev providers need the Node server');
  return { req, res };
}

/** Local mode's stand-ins for Google and Apple (dev-oidc-providers.ts) and their routes. Only ever mounted in local mode. */
export function createDevOidc(): DevOidc {
  const providers = createDevOidcProviders();
  const routes = new Hono<GatewayEnv>();
  routes.onError(businessErrorHandler);
  routes.get(DEV_OIDC_CSS_PATH, (c) => {
    c.header('content-type', 'text/css; charset=utf-8');
    return c.body(DEV_OIDC_CSS);
  });

  for (const provider of OIDC_PROVIDERS) {
    const base = `${DEV_OIDC_BASE}/${provider}`;
    routes.get(`${base}/interaction/:uid`, async (c) => {
      const oidc = await providers.providerFor(requestOriginOf(c), provider);
      const { req, res } = rawOf(c);
      await oidc.interactionDetails(req, res);
      c.header('cache-control', 'no-store');
      return c.html(
        renderDevOidcPage({
          provider,
          clientOrigin: requestOriginOf(c),
          action: c.req.path,
          cssPath: DEV_OIDC_CSS_PATH,
        }),
      );
    });
    routes.post(`${base}/interaction/:uid`, async (c) => {
      const oidc = await providers.providerFor(requestOriginOf(c), provider);
      const { req, res } = rawOf(c);
      const details = await oidc.interactionDetails(req, res);
      const form = await c.req.parseBody();
      const typed = typeof form.email === 'string' ? form.email.trim() : '';
      if (!/^[^\s@]{1,64}@[^\s@]{1,189}$/.test(typed)) throw invalidField('email', 'is not an email address');
      const accountId = providers.signIn(provider, typed, form.hide === '1');
      const grant = new oidc.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      const returnTo = await oidc.interactionResult(req, res, { login: { accountId }, consent: { grantId } });
      return c.redirect(returnTo, 303);
    });
    // Everything else under the issuer is the provider's own (discovery, auth, token, jwks), on the raw Node request.
    routes.all(`${base}/*`, async (c) => {
      const oidc = await providers.providerFor(requestOriginOf(c), provider);
      const { req, res } = rawOf(c);
      req.originalUrl = req.url;
      req.url = (req.url ?? '/').slice(base.length) || '/';
      await new Promise<void>((resolve) => {
        res.once('finish', resolve);
        res.once('close', resolve);
        void oidc.callback()(req, res);
      });
      return RESPONSE_ALREADY_SENT;
    });
  }
  return { directory: providers.directory, routes };
}
