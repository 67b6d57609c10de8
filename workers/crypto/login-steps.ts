/**
 * What only a sign-in needs: a key pair made or found and bound to the login, the login envelope, the device check.
 * The session imports it on first use, so a page that only signs its requests never downloads it.
 */
export { buildDeviceCheck } from '../../engine/crypto/device-check';
export { bindKeyPair, obtainKeyPair } from '../../engine/crypto/key-lifecycle';
export { buildLoginEnvelope } from '../../engine/crypto/login-envelope';
