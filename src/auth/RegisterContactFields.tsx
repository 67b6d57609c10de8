import { useT } from '../i18n/i18n';
import { Field } from '../ui/Field';
import { CodeField } from './CodeField';
import { type RegisterFields, type RegisterKind, sendRegisterCode } from './register-flow';

type ContactKey = 'email' | 'mobile' | 'areaCode' | 'emailCode' | 'mobileCode';

export interface RegisterContactFieldsProps {
  kind: RegisterKind;
  fields: RegisterFields;
  set(key: ContactKey): (value: string) => void;
  /** The error to show under each field (null while the form is untouched). */
  errors: Record<ContactKey, string | null>;
}

/** The phone and email of a registration, each with its code field, as the kind asks (spec §7.3). */
export function RegisterContactFields({ kind, fields: f, set, errors }: RegisterContactFieldsProps) {
  const t = useT();
  return (
    <>
      {kind !== 'email' && (
        <>
          <Field
            label={t('auth.areaCode')}
            name="areaCode"
            inputMode="numeric"
            autoComplete="tel-country-code"
            maxLength={5}
            value={f.areaCode}
            onChange={(e) => set('areaCode')(e.target.value)}
            error={errors.areaCode}
          />
          <Field
            label={t('auth.mobile')}
            name="mobile"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={15}
            value={f.mobile}
            onChange={(e) => set('mobile')(e.target.value)}
            error={errors.mobile}
          />
          <CodeField
            name="mobileCode"
            label={t('auth.mobileCode')}
            value={f.mobileCode}
            onChange={set('mobileCode')}
            error={errors.mobileCode}
            onSend={() => sendRegisterCode('mobile', f)}
          />
        </>
      )}
      {kind !== 'mobile' && (
        <>
          <Field
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={f.email}
            onChange={(e) => set('email')(e.target.value)}
            error={errors.email}
          />
          <CodeField
            name="emailCode"
            label={t('auth.emailCode')}
            value={f.emailCode}
            onChange={set('emailCode')}
            error={errors.emailCode}
            onSend={() => sendRegisterCode('email', f)}
          />
        </>
      )}
    </>
  );
}
