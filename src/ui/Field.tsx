import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useT } from '../i18n/i18n';
import './field.css';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A localized message shown under the input and announced; sets aria-invalid. */
  error?: string | null;
  /** Extra control at the inline end of the input (a send-code button, a show-password toggle). */
  end?: ReactNode;
  hint?: string;
}

/** A labelled text input with its error and hint wired for assistive technology. */
export function Field({ label, error, end, hint, className, type = 'text', ...input }: FieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__row">
        <input
          id={id}
          type={type}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {end}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface PasswordFieldProps extends Omit<FieldProps, 'type' | 'end'> {}

/** A password input with a show/hide toggle; the value never leaves component state. */
export function PasswordField(props: PasswordFieldProps) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      end={
        <button type="button" className="field__toggle" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? t('auth.hidePassword') : t('auth.showPassword')}
        </button>
      }
    />
  );
}
