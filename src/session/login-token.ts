/** The cookie the gateway sets beside the session: a client-readable handle that keys storage and signing (spec §3). */
export const LOGIN_TOKEN_COOKIE = 'login_token';
