/** Status of the risk-control token (spec §4 "Risk-control token status"). */
export type RiskTokenStatus = 'uninitialised' | 'success' | 'demoted' | 'error' | 'timeout';

/** Timing and size rules of the risk-control token (spec §4, §5, §7.6, §9). */
export const RISK_TOKEN = {
  successLength: 40,
  refreshMs: 1200 * 1000,
  expiryMs: 14_400 * 1000,
  timeoutMs: 10_000,
  retryDelayMs: 1000,
  retries: 1,
  cookieDays: 7,
  cookieName: 'risk_token',
} as const;

/**
 * The gateway's code for a §7.6 call whose token it did not issue, issued to another address, or issued more than
 * 14 400 s ago; the client then fetches a fresh token and sends the call once more.
 */
export const RISK_TOKEN_REFUSED_CODE = '40140';

/** How a token the SDK returned is classified: exactly 40 characters is success and stored; other non-empty is demoted. */
export function classifyRiskToken(token: unknown): { status: 'success' | 'demoted' | 'error'; token: string | null } {
  if (typeof token !== 'string' || token.length === 0) return { status: 'error', token: null };
  // A token is sent in a header; anything that could break a header line is not a token.
  if (!/^[\x21-\x7e]+$/.test(token) || token.length > 512) return { status: 'error', token: null };
  return token.length === RISK_TOKEN.successLength ? { status: 'success', token } : { status: 'demoted', token };
}

/** Whether a stored token is still usable at `now` (spec §7.6: expiry window 14 400 s). */
export function isRiskTokenFresh(storedAt: number, now: number): boolean {
  return Number.isFinite(storedAt) && now >= storedAt && now - storedAt < RISK_TOKEN.expiryMs;
}

/**
 * The endpoints that carry the risk token (spec §7.6), kept as one list in one place.
 * The spec names the flows but not every path; paths of flows this product has not built yet are ours.
 */
export const RISK_TOKEN_ENDPOINTS: readonly string[] = [
  // sign-in and its verification steps
  '/v1/user/login',
  '/v1/user/agency/login',
  '/v1/user/login/verify-login',
  '/v1/user/agency/login/verify-login',
  '/v1/user/login/verify-login-v2',
  '/v1/user/login/verify-auth-login',
  '/v1/user/login/verifySystemLogin',
  '/v1/user/login/verifySystemLogin-v2',
  '/v1/user/login/pre-check',
  // registration
  '/v1/user/register/mobile',
  '/v1/user/register/email',
  '/v1/user/register/mobileAndEmail',
  // sub-account switching
  '/v1/user/sub/switLogin',
  '/v1/user/sub/switchWeb',
  '/v1/user/sub/switchApp',
  '/v1/user/sub/switchLoginDemo',
  '/v1/user/sub/switchTradeDemo',
  // third-party register, sign, check and bind (spec §7.4)
  '/v1/user/public/third/apple/register',
  '/v1/user/public/third/tg/register',
  '/v1/user/public/third/google/register',
  '/v1/user/public/third/wallet/register',
  '/v1/user/public/third/tg/generateVirtual',
  '/v1/user/public/third/tg/sign',
  '/v1/user/public/third/tg/signV2',
  '/v1/user/public/third/tg/checkUserExit',
  '/v1/user/public/third/third/check',
  '/v1/user/public/third/bind/check',
  '/v1/user/public/third/oauth/sign',
  '/v1/user/public/third/wallet/sign',
  '/v1/user/public/third/wallet/check',
  '/v1/user/public/third/bind/choose',
  '/v1/user/public/third/securityVerify',
  '/v1/user/public/third/getQrKeyStatus',
  // not in §7.4: the OpenID start and code exchange, and the QR code's creation
  '/v1/user/public/third/oauth/start',
  '/v1/user/public/third/oauth/exchange',
  '/v1/user/public/third/qrcode/create',
  // security, funds and P2P flows
  '/v1/user/security/fido2/register',
  '/v1/asset/withdraw/noPwdFlag',
  '/v1/asset/spot/withdraw',
  '/v1/asset/spot/withdraw/batchQuery',
  '/v1/activity/redPacket/create',
  '/v1/swap/web3/sign',
  '/v1/swap/web3/withdraw',
  '/v1/p2p/advert/edit',
  '/v1/p2p/advert/publish',
  '/v1/p2p/order/confirmPutCoin',
  '/v1/p2p/payment/add',
  '/v1/msg/verify-code/send',
];

const ENDPOINT_SET: ReadonlySet<string> = new Set(RISK_TOKEN_ENDPOINTS);

/** Whether a request path (with `/v1`, without query) must carry the risk token. */
export function needsRiskToken(path: string): boolean {
  return ENDPOINT_SET.has(path.split('?')[0] ?? '');
}
