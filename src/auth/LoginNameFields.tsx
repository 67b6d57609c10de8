import { checkAreaCode, checkLoginName, isPhoneLoginName } from '../../engine/rules/auth-fields';
import { type Translate, useT } from '../i18n/i18n';
import { Field } from '../ui/Field';
import { fieldProblemText } from './use-field-text';

/** The localized problems of a sign-in name and its country code (asked for only when the name is a phone number). */
export function loginNameProblems(
  t: Translate,
  loginName: string,
  areaCode: string,
): { loginName: string | null; areaCode: string | null } {
  return {
    loginName: fieldProblemText(t, checkLoginName(loginName), t('auth.loginName')),
    areaCode: isPhoneLoginName(loginName) ? fieldProblemText(t, checkAreaCode(areaCode), t('auth.areaCode')) : null,
  };
}

export interface LoginNameFieldsProps {
  loginName: string;
  areaCode: string;
  onLoginName(value: string): void;
  onAreaCode(value: string): void;
  /** Whether to show the problems (after a first submit or send). */
  isTouched: boolean;
}

/** An email or phone number, and the country code field when it is a phone number (sign-in, forgotten password). */
export function LoginNameFields({ loginName, areaCode, onLoginName, onAreaCode, isTouched }: LoginNameFieldsProps) {
  const t = useT();
  const problems = loginNameProblems(t, loginName, areaCode);
  return (
    <>
      <Field
        label={t('auth.loginName')}
        name="loginName"
        autoComplete="username"
        value={loginName}
        maxLength={254}
        onChange={(e) => onLoginName(e.target.value)}
        error={isTouched ? problems.loginName : null}
      />
      {isPhoneLoginName(loginName) && (
        <Field
          label={t('auth.areaCode')}
          name="areaCode"
          inputMode="numeric"
          autoComplete="tel-country-code"
          value={areaCode}
          maxLength={5}
          onChange={(e) => onAreaCode(e.target.value)}
          error={isTouched ? problems.areaCode : null}
        />
      )}
    </>
  );
}
