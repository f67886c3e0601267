import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

/** Back and Next of a step form; Next submits the form. */
export function StepActions({ onBack, busy, nextLabel, nextDisabled }: { onBack?: () => void; busy?: boolean; nextLabel?: string; nextDisabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="register-actions">
      {onBack ? (
        <Button type="button" label={t('register.back')} icon="pi pi-arrow-left" outlined onClick={onBack} data-testid="register-back" />
      ) : (
        <span />
      )}
      <Button
        type="submit"
        label={nextLabel ?? t('register.next')}
        icon="pi pi-arrow-right"
        iconPos="right"
        loading={busy}
        disabled={nextDisabled}
        data-testid="register-next"
      />
    </div>
  );
}

/** A labelled input with its error underneath. */
export function StepField({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="register-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && <small className="register-field__hint">{hint}</small>}
      {error && (
        <small className="p-error" role="alert" data-testid={`${id}-error`}>
          {error}
        </small>
      )}
    </div>
  );
}
