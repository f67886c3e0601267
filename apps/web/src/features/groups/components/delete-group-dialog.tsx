import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { Group } from '@cab/contract/groups';
import { showSuccessToast } from '@/lib/api';
import { useDeleteGroup } from '../api/group-mutations';

export function DeleteGroupDialog({ group, onHide }: { group: Group | null; onHide: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteGroup();
  function confirm(): void {
    if (!group) return;
    remove.mutate(
      { id: group.id },
      {
        onSuccess: () => {
          showSuccessToast({ key: 'groups.deleted' });
          onHide();
        },
      },
    );
  }
  return (
    <Dialog
      visible={group !== null}
      onHide={onHide}
      header={t('groups.deleteTitle')}
      style={{ width: '28rem' }}
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      modal
      data-testid="group-delete-dialog"
      footer={
        <div className="op-form__actions">
          <Button type="button" label={t('groups.cancel')} text onClick={onHide} />
          <Button
            type="button"
            label={t('groups.delete')}
            icon="pi pi-trash"
            severity="danger"
            loading={remove.isPending}
            onClick={confirm}
            data-testid="group-delete-confirm"
          />
        </div>
      }
    >
      <p className="m-0">{group ? t('groups.deleteConfirm', { name: group.name }) : null}</p>
    </Dialog>
  );
}
