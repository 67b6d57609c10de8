import { api } from '../../security/secured-api';
import { referralFieldsForRegistration } from '../../security/referral';
import type { LoginReply } from '../login-step';
import { withTypedReferral } from '../register-flow';
import { postThird, type ThirdProvider, type UnboundReply } from './third-api';

/** The §7.4 call that links an identity to an existing account by its password. */
export function linkPath(provider: ThirdProvider, byPhone: boolean): string {
  if (provider === 'telegram') return 'tg/checkUserExit';
  return byPhone ? 'bind/check' : 'third/check';
}

/** What a new account is created with: its email, the code that proved it (unused for a vouched one), the consent. */
export interface NewAccountFields {
  email: string;
  code: string;
  /** The terms consent box; the gateway refuses to create an account without `agreed: true` (`40116`). */
  agreed: boolean;
}

/** How a provider's new account proves its email and is created. */
export interface CreateAccountCalls {
  /** Sends a registration code to `email`; false when it could not (the request layer has shown why). */
  sendCode(email: string): Promise<boolean>;
  /** Creates the account, linked to the identity, and signs in. */
  create(fields: NewAccountFields): Promise<LoginReply>;
}

async function quietly(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch {
    return false;
  }
}

/**
 * The calls of spec §7.4 that make a new account for each provider: Google's and Apple's vouched email needs no
 * code; Telegram takes a registration code; a wallet proves the email first (`bind/choose`, `securityVerify`). Each
 * carries the consent and the referral codes: the registration form's field when the flow began there
 * (`referralCode`), else the cached ones.
 */
export function createAccountCalls(reply: UnboundReply, referralCode?: string): CreateAccountCalls {
  const serialNO = reply.serialNO;
  const cached = referralFieldsForRegistration();
  const signUp = (agreed: boolean) => ({
    ...(referralCode === undefined ? cached : withTypedReferral(cached, referralCode)),
    agreed,
  });
  const chooseEmail = (email: string) => quietly(() => postThird('bind/choose', { email, serialNO }));
  switch (reply.provider) {
    case 'google':
      return {
        sendCode: chooseEmail,
        create: ({ email, agreed }) => postThird('google/register', { email, serialNO, ...signUp(agreed) }),
      };
    case 'apple':
      return {
        sendCode: chooseEmail,
        create: ({ email, code, agreed }) => postThird('apple/register', { email, emailCode: code, ...signUp(agreed) }),
      };
    case 'telegram':
      return {
        sendCode: (email) =>
          quietly(() => api.post('/msg/verify-code/send', { params: { type: 'email', scene: 'register', email } })),
        create: ({ email, code, agreed }) => postThird('tg/register', { email, verifyCode: code, ...signUp(agreed) }),
      };
    case 'wallet':
      return {
        sendCode: chooseEmail,
        create: async ({ email, code, agreed }) => {
          await postThird('securityVerify', { emailCode: code });
          return postThird('wallet/register', { email, serialNO, ...signUp(agreed) });
        },
      };
  }
}
