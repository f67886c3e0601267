import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { GroupCreateRequest, type Group } from '@cab/contract/groups';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast-bus';
import { useCreateGroup, useRenameGroup } from '../api/group-mutations';

/** The contract's GroupName bounds; its issues become keys under `groups`. */
const nameErrorKey = (issue: z.core.$ZodRawIssue) => (issue.code === 'too_big' ? 'nameTooLong' : 'nameRequired');
type Values = z.input<typeof GroupCreateRequest>;

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
  const form = useZodForm(GroupCreateRequest, {
    defaultValues: { name: group === 'new' ? '' : group.name },
    issueToKey: nameErrorKey,
  });
  // A taken name (409 group_name_taken) or a field error belongs under the field; anything else is a toast.
  const onError = (error: ApiError) => {
    const message = error.code === 'group_name_taken' ? error.message : error.fields?.name;
    if (message) {
      form.setError('name', { type: 'server', message });
      return;
    }
    toastError(error);
  };
  const create = useCreateGroup(onError);
  const rename = useRenameGroup(onError);
  const pending = create.isPending || rename.isPending;

  const submit = ({ name }: z.output<typeof GroupCreateRequest>) => {
    const done = (message: string) => () => {
      showSuccessToast(message);
      onHide();
    };
    if (group === 'new') create.mutate({ name }, { onSuccess: done(t('groups.created')) });
    else rename.mutate({ id: group.id, name }, { onSuccess: done(t('groups.renamed')) });
  };

  return (
    <Form form={form} onSubmit={submit} errorKeys="groups" className="op-form">
      <TextField<Values>
        name="name"
        id="group-name"
        label={t('groups.name')}
        autoFocus
        autoComplete="off"
        maxLength={100}
        testId="group-name"
      />
      <div className="op-form__actions">
        <Button type="button" label={t('groups.cancel')} text onClick={onHide} />
        <Button type="submit" label={t('groups.save')} icon="pi pi-check" loading={pending} data-testid="group-save" />
      </div>
    </Form>
  );
}
