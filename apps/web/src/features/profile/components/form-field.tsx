import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@cab/contract/profile';

interface FormFieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: FieldError;
  children: ReactNode;
}

/** Label, input, hint and error; a client error carries a `profile.errors` key, a server one its text. */
export function FormField({ id, label, hint, error, children }: FormFieldProps) {
  const { t } = useTranslation();
  const message =
    error?.message &&
    (error.type === 'server' ? error.message : t(`profile.errors.${error.message}`, { min: PASSWORD_MIN_LENGTH }));
  return (
    <div className="profile-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !message && <small className="profile-field__hint">{hint}</small>}
      {message && (
        <small className="p-error" role="alert" data-testid={`${id}-error`}>
          {message}
        </small>
      )}
    </div>
  );
}
