import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface OrderFieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: FieldError | undefined;
  children: ReactNode;
}

/** Label, input, hint and error; a client error carries an `orders.errors` key, a server one its text. */
export function OrderField({ id, label, hint, error, children }: OrderFieldProps) {
  const { t } = useTranslation();
  const message = error?.message && (error.type === 'server' ? error.message : t(`orders.errors.${error.message}`));
  return (
    <div className="order-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !message && <small className="order-field__hint">{hint}</small>}
      {message && (
        <small className="p-error" role="alert" data-testid={`${id}-error`}>
          {message}
        </small>
      )}
    </div>
  );
}
