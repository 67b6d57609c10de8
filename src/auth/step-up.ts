import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { STEP_UP_REQUIRED_CODE, type StepUpMethod, type StepUpPurpose } from '../../engine/rules/step-up';
import { api } from '../security/secured-api';
import { RequestError } from '../api/request';
import { sendVerifyCode } from './login-flow';

export type { StepUpMethod, StepUpPurpose };

/** `data` of `POST /v1/user/security/verify/options`: what to ask for, where codes go (masked), the key's options. */
export interface StepUpOptions {
  purpose: StepUpPurpose;
  methods: StepUpMethod[];
  email: string | null;
  mobile: string | null;
  fido: PublicKeyCredentialRequestOptionsJSON | null;
}

/** The answers of a step-up: one code per code method, and the security key's assertion when it is asked for. */
export interface StepUpAnswers {
  emailCode?: string;
  mobileCode?: string;
  googleCode?: string;
  assertion?: AuthenticationResponseJSON;
}

/**
 * One line of what a step-up confirms, as its dialog lists it: a localized label and the value, written as the request
 * will carry it (a withdrawal's address, amount and fee).
 */
export interface StepUpSummaryLine {
  label: string;
  value: string;
}

/** The user closed the step-up without verifying: the change was not made and there is nothing to show. */
export class StepUpCancelled extends Error {
  constructor() {
    super('Security verification cancelled');
    this.name = 'StepUpCancelled';
  }
}

/** True when a call failed because its change needs a fresh step-up first. */
export function isStepUpRequired(error: unknown): boolean {
  return error instanceof RequestError && error.details.code === STEP_UP_REQUIRED_CODE;
}

/** What the step-up for `purpose` asks of this account (a new security-key challenge each time). */
export function stepUpOptions(purpose: StepUpPurpose): Promise<StepUpOptions> {
  return api.post<StepUpOptions>('/user/security/verify/options', { params: { purpose }, silent: true });
}

/** Sends a step-up code to the account's own email or phone; false when it could not be sent (already shown). */
export const sendStepUpCode = (type: 'email' | 'mobile') => sendVerifyCode(type, 'security');

/** Proves the step-up for `purpose`; a wrong answer fails with its localized message, not toasted (the form says it). */
export async function verifyStepUp(purpose: StepUpPurpose, answers: StepUpAnswers): Promise<void> {
  const { assertion, ...codes } = answers;
  await api.post('/user/security/verify', {
    params: { purpose, ...codes, ...(assertion ? { fidoVerifyCode: JSON.stringify(assertion) } : {}) },
    silent: true,
  });
}
