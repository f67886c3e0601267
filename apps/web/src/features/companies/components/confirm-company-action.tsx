import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import type { AdminCompany } from '@cab/contract/companies-admin';

export interface PendingConfirm {
  action: 'block' | 'delete';
  company: AdminCompany;
}

interface ConfirmCompanyActionProps {
  pending: PendingConfirm | null;
  busy: boolean;
  onConfirm: (pending: PendingConfirm) => void;
  onHide: () => void;
}

/** Blocking and deleting a company are asked once more (ConfirmDialog, keyboard: Esc cancels). */
export function ConfirmCompanyAction({ pending, busy, onConfirm, onHide }: ConfirmCompanyActionProps) {
  const { t } = useTranslation();
  const action = pending?.action ?? 'block';
  // An unfinished registration is removed outright rather than deleted (its e-mail becomes free).
  const texts = action === 'delete' && pending?.company.registration_step ? 'remove' : action;
  return (
    <ConfirmDialog
      visible={pending !== null}
      onHide={onHide}
      header={t(`companies.confirm.${texts}Title`)}
      icon={`pi ${action === 'delete' ? 'pi-trash' : 'pi-lock'}`}
      message={pending ? t(`companies.confirm.${texts}Text`, { name: pending.company.name }) : ''}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '95vw' }}
      data-testid="companies-confirm"
      footer={
        <div className="companies-dialog__actions">
          <Button type="button" label={t('companies.cancel')} text onClick={onHide} data-testid="companies-confirm-cancel" />
          <Button
            type="button"
            label={t(`companies.intent.${texts}`)}
            icon={`pi ${action === 'delete' ? 'pi-trash' : 'pi-lock'}`}
            severity="danger"
            loading={busy}
            autoFocus
            onClick={() => pending && onConfirm(pending)}
            data-testid="companies-confirm-accept"
          />
        </div>
      }
    />
  );
}
