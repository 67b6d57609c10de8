import { api } from '../../security/secured-api';
import { referralFieldsForRegistration } from '../../security/referral';
import type { LoginReply } from '../login-step';
import { postThird, type ThirdProvider, type UnboundReply } from './third-api';

/** The §7.4 call that links an identity to an existing account by its password. */
export function linkPath(provider: ThirdProvider, byPhone: boolean): string {
  if (provider === 'telegram') return 'tg/checkUserExit';
  return byPhone ? 'bind/check' : 'third/check';
}

/** How a provider's new account proves its email and is created. */
export interface CreateAccountCalls {
  /** Sends a registration code to `email`; false when it could not (the request layer has shown why). */
  sendCode(email: string): Promise<boolean>;
  /** Creates the account, linked to the identity, and signs in. */
  create(email: string, code: string): Promise<LoginReply>;
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
 * code; Telegram takes a registration code; a wallet proves the email first (`bind/choose`, `securityVerify`).
 */
export function createAccountCalls(reply: UnboundReply): CreateAccountCalls {
  const serialNO = reply.serialNO;
  const referral = referralFieldsForRegistration();
  const chooseEmail = (email: string) => quietly(() => postThird('bind/choose', { email, serialNO }));
  switch (reply.provider) {
    case 'google':
      return {
        sendCode: chooseEmail,
        create: (email) => postThird('google/register', { email, serialNO, ...referral }),
      };
    case 'apple':
      return {
        sendCode: chooseEmail,
        create: (email, emailCode) => postThird('apple/register', { email, emailCode, ...referral }),
      };
    case 'telegram':
      return {
        sendCode: (email) =>
          quietly(() => api.post('/msg/verify-code/send', { params: { type: 'email', scene: 'register', email } })),
        create: (email, verifyCode) => postThird('tg/register', { email, verifyCode, ...referral }),
      };
    case 'wallet':
      return {
        sendCode: chooseEmail,
        create: async (email, emailCode) => {
          await postThird('securityVerify', { emailCode });
          return postThird('wallet/register', { email, serialNO, ...referral });
        },
      };
  }
}
