import type { MessageKey } from '../i18n/i18n';
import type { StepUpPurpose } from './step-up';

/** The step-up dialog's title and its sentence of what the change does, for one purpose. */
export interface StepUpTexts {
  title: MessageKey;
  about: MessageKey;
}

/** Each purpose in its own words (core texts: the dialog opens on account, asset and header screens alike). */
export const STEP_UP_TEXTS: Readonly<Record<StepUpPurpose, StepUpTexts>> = {
  withdraw: { title: 'stepUp.title.withdraw', about: 'stepUp.about.withdraw' },
  'sub-create': { title: 'stepUp.title.subCreate', about: 'stepUp.about.subCreate' },
  'sub-freeze': { title: 'stepUp.title.subFreeze', about: 'stepUp.about.subFreeze' },
  'sub-delete': { title: 'stepUp.title.subDelete', about: 'stepUp.about.subDelete' },
  'api-key-create': { title: 'stepUp.title.apiKeyCreate', about: 'stepUp.about.apiKeyCreate' },
  'api-key-edit': { title: 'stepUp.title.apiKeyEdit', about: 'stepUp.about.apiKeyEdit' },
  'api-key-delete': { title: 'stepUp.title.apiKeyDelete', about: 'stepUp.about.apiKeyDelete' },
  'google-bind': { title: 'stepUp.title.googleBind', about: 'stepUp.about.googleBind' },
  'google-unbind': { title: 'stepUp.title.googleUnbind', about: 'stepUp.about.googleUnbind' },
  'fido-add': { title: 'stepUp.title.fidoAdd', about: 'stepUp.about.fidoAdd' },
  'fido-remove': { title: 'stepUp.title.fidoRemove', about: 'stepUp.about.fidoRemove' },
  'password-change': { title: 'stepUp.title.passwordChange', about: 'stepUp.about.passwordChange' },
  'fund-password': { title: 'stepUp.title.fundPassword', about: 'stepUp.about.fundPassword' },
  'email-change': { title: 'stepUp.title.emailChange', about: 'stepUp.about.emailChange' },
  'mobile-change': { title: 'stepUp.title.mobileChange', about: 'stepUp.about.mobileChange' },
  'anti-phishing': { title: 'stepUp.title.antiPhishing', about: 'stepUp.about.antiPhishing' },
  'login-verification': { title: 'stepUp.title.loginVerification', about: 'stepUp.about.loginVerification' },
  'device-revoke': { title: 'stepUp.title.deviceRevoke', about: 'stepUp.about.deviceRevoke' },
  'third-unlink': { title: 'stepUp.title.thirdUnlink', about: 'stepUp.about.thirdUnlink' },
};
