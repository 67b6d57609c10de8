import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { ParamValue } from '../../engine/rules/request-params';
import { api } from '../security/secured-api';
import type { LoginReply } from './login-step';

/** A registered security key as `fido2/list` shows it (gateway webauthn-routes.ts). */
export interface SecurityKeyInfo {
  id: string;
  nickname: string;
  transports: string[];
  createdAt: number;
  lastUsedAt: number | null;
}

/** `data` of `GET /v1/user/security/fido2/list`. */
export interface SecurityKeyList {
  fido: boolean;
  credentials: SecurityKeyInfo[];
}

/** Gateway codes of the key calls (gateway webauthn-errors.ts). */
export const SECURITY_KEY_CODES = {
  notVerified: '40120',
  alreadyRegistered: '40121',
  notFound: '40122',
  tooMany: '40123',
} as const;

// The browser's JSON is plain data; the request layer's param type just cannot see that through its interfaces.
const asParams = (value: object) => value as unknown as Record<string, ParamValue>;

/** The sign-in step's WebAuthn options, with a challenge bound to this pending login. */
export function securityKeyLoginOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return api.post<PublicKeyCredentialRequestOptionsJSON>('/user/login/verify-auth-login/options', { silent: true });
}

/** The security-key step (spec §7.2 `verify-auth-login`): `fidoVerifyCode` is the assertion as JSON text. */
export function submitSecurityKey(assertion: AuthenticationResponseJSON): Promise<LoginReply> {
  return api.post<LoginReply>('/user/login/verify-auth-login', {
    params: { fidoVerifyCode: JSON.stringify(assertion) },
    silent: true,
  });
}

/** The signed-in user's keys. */
export function listSecurityKeys(): Promise<SecurityKeyList> {
  return api.get<SecurityKeyList>('/user/security/fido2/list', { silent: true });
}

/** Options for adding a key, with a challenge bound to this session. */
export function securityKeyRegistrationOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return api.post<PublicKeyCredentialCreationOptionsJSON>('/user/security/fido2/register/options', { silent: true });
}

/** Stores the new key (spec §7.6: this call carries the risk-control token, added by the request layer). */
export function registerSecurityKey(response: RegistrationResponseJSON, nickname: string): Promise<SecurityKeyInfo> {
  return api.post<SecurityKeyInfo>('/user/security/fido2/register', {
    params: { response: asParams(response), nickname },
    silent: true,
  });
}

/** Removes one of the user's keys; the reply says whether the sign-in step stays on. */
export function removeSecurityKey(id: string): Promise<{ removed: boolean; fido: boolean }> {
  return api.post<{ removed: boolean; fido: boolean }>('/user/security/fido2/remove', { params: { id }, silent: true });
}
