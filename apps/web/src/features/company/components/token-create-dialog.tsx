import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ApiTokenCreateRequest, type ApiTokenCreateResult } from '@cab/contract/api-tokens';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { useCreateToken } from '../api/tokens-api';

export function TokenCreateDialog({
  onHide,
  onCreated,
}: {
  onHide: () => void;
  onCreated: (result: ApiTokenCreateResult) => void;
}) {
  const { t } = useTranslation();
  // The contract's bounds; any problem reads tokens.nameRequired, said on Create only (as before).
  const form = useZodForm(ApiTokenCreateRequest, {
    defaultValues: { name: '' },
    issueToKey: () => 'nameRequired',
    reValidateMode: 'onSubmit',
  });
  const create = useCreateToken();
  const submit = ({ name }: ApiTokenCreateRequest) => create.mutate(name, { onSuccess: onCreated });

  return (
    <Dialog
      visible
      onHide={onHide}
      header={t('tokens.createTitle')}
      style={{ width: '28rem' }}
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      modal
      data-testid="token-create-dialog"
    >
      <Form form={form} onSubmit={submit} errorKeys="tokens" className="company-form">
        <TextField<ApiTokenCreateRequest>
          name="name"
          id="token-name"
          label={t('tokens.name')}
          hint={t('tokens.nameHint')}
          fieldClassName="company-form__field"
          maxLength={100}
          autoFocus
          testId="token-name"
        />
        <div className="company-form__actions">
          <Button type="button" label={t('tokens.cancel')} text onClick={onHide} />
          <Button
            type="submit"
            label={t('tokens.create')}
            icon="pi pi-check"
            loading={create.isPending}
            data-testid="token-create-submit"
          />
        </div>
      </Form>
    </Dialog>
  );
}
