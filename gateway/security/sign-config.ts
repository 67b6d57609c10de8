import { Hono } from 'hono';
import { replyOk } from '../http/envelope';
import type { GatewayEnv } from '../http/gateway-env';
import type { ClientAlgorithm } from './client-public-key';
import type { SigningIdentity } from './server-key';
import { DEFAULT_SIGN_MODE, parseSignMode } from './sign-mode';

/** Path of the signing configuration (spec §7.7). */
export const SIGN_CONFIG_PATH = '/v1/mix/config/gatewaySignConfig';

/** The policy part of `gatewaySignConfig` (contract §1): everything except the server key and its signature. */
export interface SignPolicy {
  clientOpen: boolean;
  defaultAlgorithm: ClientAlgorithm;
  exactUrls: readonly string[];
  prefixUrls: readonly string[];
  /** `{ path: mode }`; a key matches every path starting with it, the longest wins. */
  signModes: Readonly<Record<string, string>>;
  userCheckDeviceUrl: string;
}

/** `data.gatewaySignConfig` as served (contract §1). */
export interface GatewaySignConfig extends SignPolicy {
  serverPublicKey: string;
  serverPublicKeySign: string;
}

/** The product's signing policy. */
export const DEFAULT_SIGN_POLICY: SignPolicy = Object.freeze({
  clientOpen: true,
  defaultAlgorithm: 'rsa2048',
  exactUrls: [
    '/v1/user/overview/userinfo',
    '/v1/user/logout',
    '/v1/user/sub/switLogin',
    '/v1/user/sub/switchWeb',
    '/v1/user/sub/switchApp',
    '/v1/user/sub/switchLoginDemo',
    '/v1/user/sub/switchTradeDemo',
  ],
  // Every call that acts for or reads the account is signed like a trade: a stolen cookie alone does nothing. Only the
  // sign-in and registration steps, public reads and reports go unsigned (tests/unit/gateway/security/core-urls.test.ts).
  prefixUrls: [
    '/v1/trade/',
    '/v1/asset/',
    '/v1/order/',
    '/v1/user/security/',
    '/v1/user/sub/',
    '/v1/user/apikey/',
    '/v1/user/profile/',
    '/v1/user/devices',
    '/v1/user/login-history',
    '/v1/user/setting/',
    '/v1/user/vip/',
    '/v1/user/safe/',
    '/v1/user/qrcode/',
    '/v1/content/announcements/',
  ],
  signModes: {
    '/v1/user/login': 'enc:loginName,pwd',
    '/v1/user/agency/login': 'enc:loginName,pwd',
    '/v1/user/register/mobile': 'enc:pwd,rePwd',
    '/v1/user/register/email': 'enc:pwd,rePwd',
    '/v1/user/register/mobileAndEmail': 'enc:pwd,rePwd',
    '/v1/user/security/password/change': 'enc:oldPwd,pwd,rePwd',
    '/v1/user/password/reset': 'enc:pwd,rePwd',
    '/v1/user/safe/setting_bund_pwd': 'enc:pwd,rePwd',
    // Third-party sign-in (spec §7.4): each call that can end in a session carries its secret in the envelope, whose
    // client key is then bound to the session as a password login's is; linking carries the account's password.
    '/v1/user/public/third/bind/check': 'enc:loginName,pwd',
    '/v1/user/public/third/third/check': 'enc:loginName,pwd',
    '/v1/user/public/third/tg/checkUserExit': 'enc:loginName,pwd',
    '/v1/user/public/third/wallet/check': 'enc:loginName,pwd,signature',
    '/v1/user/public/third/tg/sign': 'enc:sign',
    '/v1/user/public/third/tg/signV2': 'enc:initData',
    '/v1/user/public/third/oauth/sign': 'enc:token',
    '/v1/user/public/third/oauth/exchange': 'enc:code,codeVerifier',
    '/v1/user/public/third/wallet/sign': 'enc:signature',
    '/v1/user/public/third/google/register': 'enc:serialNO',
    '/v1/user/public/third/apple/register': 'enc:emailCode',
    '/v1/user/public/third/tg/register': 'enc:verifyCode',
    '/v1/user/public/third/wallet/register': 'enc:serialNO',
    '/v1/user/public/third/tg/generateVirtual': 'enc:serialNO',
    '/v1/user/public/third/bind/choose': 'enc:serialNO',
    '/v1/user/public/third/securityVerify': 'enc:emailCode',
    '/v1/user/public/third/getQrKeyStatus': 'enc:qrcodeKey',
    '/v1/user/security/': '3',
    '/v1/user/sub/': '3',
    // Money moves and account changes sign their body too, so a request cannot be altered on the way (an amount, an
    // address, an API key's permissions).
    '/v1/asset/': '3',
    '/v1/trade/': '3',
    '/v1/order/': '3',
    '/v1/user/apikey/': '3',
    '/v1/user/profile/': '3',
    '/v1/user/devices': '3',
    '/v1/user/safe/': '3',
    // The app's confirmation of a QR sign-in stands for a second factor: only the device that holds the session's key
    // can give it, never a stolen cookie.
    '/v1/user/qrcode/': '3',
    // A signature is a one-time proof (contract §4), and mode "1" would sign two equal reads alike within 100 s.
    '/v1/user/login-history': '2',
    '/v1/user/setting/': '2',
    '/v1/user/vip/': '2',
    '/v1/content/announcements/': '2',
  },
  userCheckDeviceUrl: '/v1/user/login/check-device',
});

const ENC_PREFIX = 'enc:';
const isEncMode = (mode: string) => mode.startsWith(ENC_PREFIX);
/** Names the envelope plaintext uses itself, so no encrypted field may take them (contract §3 step 2). */
const RESERVED_FIELDS = new Set(['algorithm', 'publicKey', 'initSign', 'ts', 'path', 'bodyCiphertext']);
const FIELD_NAME = /^[A-Za-z_$][\w$]*$/;

/** The default policy with `overrides` applied; throws when a `signModes` value is neither a sign mode nor `enc:<fields>`. */
export function createSignPolicy(overrides: Partial<SignPolicy> = {}): SignPolicy {
  const policy: SignPolicy = { ...DEFAULT_SIGN_POLICY, ...overrides };
  for (const [path, mode] of Object.entries(policy.signModes)) {
    const valid = isEncMode(mode) ? parseEncFields(mode) !== null : parseSignMode(mode) !== null;
    if (!valid) throw new Error(`signModes["${path}"] is not a valid mode: ${mode}`);
  }
  return Object.freeze(policy);
}

/** True when a `signModes` key applies to a path: the path starts with it (contract §1, read literally, as the client does). */
export function signModeKeyMatches(key: string, path: string): boolean {
  return path.startsWith(key);
}

/** The value of the longest `signModes` key matching the path among the values `accept` admits (contract §1); undefined when none. */
export function signModeFor(
  path: string,
  signModes: Readonly<Record<string, string>>,
  accept: (mode: string) => boolean = () => true,
): string | undefined {
  let best: string | undefined;
  for (const [key, mode] of Object.entries(signModes)) {
    if (accept(mode) && signModeKeyMatches(key, path) && (best === undefined || key.length > best.length)) best = key;
  }
  return best === undefined ? undefined : signModes[best];
}

/** True when the path (without query) is a core url: in `exactUrls`, or starting with a `prefixUrls` entry (contract §1). */
export function isCoreUrl(
  path: string,
  policy: Pick<SignPolicy, 'exactUrls' | 'prefixUrls'> = DEFAULT_SIGN_POLICY,
): boolean {
  return policy.exactUrls.includes(path) || policy.prefixUrls.some((prefix) => path.startsWith(prefix));
}

/** The sign mode a core url must meet: the longest matching signing entry (`enc:` entries skipped), else "1" (contract §4). */
export function requiredSignMode(path: string, policy: SignPolicy): string {
  return signModeFor(path, policy.signModes, (mode) => !isEncMode(mode)) ?? DEFAULT_SIGN_MODE;
}

/** The fields the longest matching `enc:` entry names (`enc:a,b` → ["a", "b"]), or null when the path is not a login url (contract §3). */
export function encryptedFieldsFor(path: string, policy: SignPolicy): string[] | null {
  const mode = signModeFor(path, policy.signModes, isEncMode);
  return mode === undefined ? null : parseEncFields(mode);
}

/** The served config: the policy plus the server key and its root signature, in contract §1 order. */
export function gatewaySignConfig(policy: SignPolicy, identity: SigningIdentity): GatewaySignConfig {
  return {
    clientOpen: policy.clientOpen,
    serverPublicKey: identity.serverPublicKey,
    serverPublicKeySign: identity.serverPublicKeySign,
    defaultAlgorithm: policy.defaultAlgorithm,
    exactUrls: policy.exactUrls,
    prefixUrls: policy.prefixUrls,
    signModes: policy.signModes,
    userCheckDeviceUrl: policy.userCheckDeviceUrl,
  };
}

/** `GET /v1/mix/config/gatewaySignConfig` (spec §7.7) → `{code:"00000", msg:"success", data:{gatewaySignConfig}}`. */
export function signConfigRoutes(deps: { policy: SignPolicy; identity: SigningIdentity }): Hono<GatewayEnv> {
  const routes = new Hono<GatewayEnv>();
  routes.get(SIGN_CONFIG_PATH, (c) => {
    // The client caches it in sessionStorage itself; an HTTP cache would outlive a key rotation.
    c.header('Cache-Control', 'no-store');
    return replyOk(c, { gatewaySignConfig: gatewaySignConfig(deps.policy, deps.identity) });
  });
  return routes;
}

function parseEncFields(mode: string): string[] | null {
  const fields = mode.slice(ENC_PREFIX.length).split(',');
  const unique = new Set(fields);
  const valid = fields.every((field) => FIELD_NAME.test(field) && !RESERVED_FIELDS.has(field));
  return valid && unique.size === fields.length ? fields : null;
}
