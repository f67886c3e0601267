import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { TOAST_LIFE_MS } from '@cab/contract/constants';
import type { Group } from '@cab/contract/groups';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { showToast } from '@/lib/toast-bus';
import { useCreateGroup, useRenameGroup } from '../api/group-mutations';

/** Same bounds as the contract's GroupName; messages are i18n keys under `groups`. */
const schema = z.object({
  name: z.string().trim().min(1, { error: 'nameRequired' }).max(100, { error: 'nameTooLong' }),
});
type Values = z.infer<typeof schema>;

interface GroupNameDialogProps {
  /** 'new' creates; a group renames it; null keeps the dialog closed. */
  group: Group | 'new' | null;
  onHide: () => void;
}

export function GroupNameDialog({ group, onHide }: GroupNameDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={group !== null}
      onHide={onHide}
      header={group === 'new' ? t('groups.createTitle') : t('groups.renameTitle')}
      style={{ width: '28rem' }}
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      modal
      data-testid="group-dialog"
    >
      {group !== null && <GroupNameForm key={group === 'new' ? 'new' : group.id} group={group} onHide={onHide} />}
    </Dialog>
  );
}

function GroupNameForm({ group, onHide }: { group: Group | 'new'; onHide: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    defaultValues: { name: group === 'new' ? '' : group.name },
    resolver: zodResolver(schema),
  });
  // A taken name (409 group_name_taken) or a field error belongs under the field; anything else is a toast.
  const onError = (error: ApiError) => {
    const message = error.code === 'group_name_taken' ? error.message : error.fields?.name;
    if (message) {
      form.setError('name', { type: 'server', message });
      return;
    }
    showToast({
      severity: 'error',
      summary: { key: 'common.error' },
      detail: error.message || { key: 'common.unexpectedError' },
      life: TOAST_LIFE_MS,
      group: 'tr',
    });
  };
  const create = useCreateGroup(onError);
  const rename = useRenameGroup(onError);
  const pending = create.isPending || rename.isPending;
  const error = form.formState.errors.name;

  const submit = form.handleSubmit(({ name }) => {
    const done = (message: string) => () => {
      showSuccessToast(message);
      onHide();
    };
    if (group === 'new') create.mutate({ name: name.trim() }, { onSuccess: done(t('groups.created')) });
    else rename.mutate({ id: group.id, name: name.trim() }, { onSuccess: done(t('groups.renamed')) });
  });

  return (
    <form className="op-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="op-field">
        <label htmlFor="group-name">{t('groups.name')}</label>
        <InputText
          id="group-name"
          autoFocus
          autoComplete="off"
          maxLength={100}
          invalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          data-testid="group-name"
          {...form.register('name')}
        />
        {error?.message && (
          <small className="p-error" role="alert" data-testid="group-name-error">
            {error.type === 'server' ? error.message : t(`groups.${error.message}`)}
          </small>
        )}
      </div>
      <div className="op-form__actions">
        <Button type="button" label={t('groups.cancel')} text onClick={onHide} />
        <Button type="submit" label={t('groups.save')} icon="pi pi-check" loading={pending} data-testid="group-save" />
      </div>
    </form>
  );
}
