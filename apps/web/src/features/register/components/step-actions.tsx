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
