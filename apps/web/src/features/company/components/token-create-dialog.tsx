import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { ApiTokenCreateRequest, type ApiTokenCreateResult } from '@cab/contract/api-tokens';
import { useCreateToken } from '../api/tokens-api';

export function TokenCreateDialog({
  onHide,
  onCreated,
}: {
  onHide: () => void;
  onCreated: (result: ApiTokenCreateResult) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const create = useCreateToken();

  function submit(): void {
    const parsed = ApiTokenCreateRequest.safeParse({ name });
    setInvalid(!parsed.success);
    if (parsed.success) create.mutate(parsed.data.name, { onSuccess: onCreated });
  }

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
      <form
        className="company-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="company-form__field">
          <label htmlFor="token-name">{t('tokens.name')}</label>
          <InputText
            id="token-name"
            value={name}
            maxLength={100}
            autoFocus
            invalid={invalid}
            onChange={(event) => setName(event.target.value)}
            data-testid="token-name"
          />
          {invalid ? (
            <small className="p-error" role="alert">
              {t('tokens.nameRequired')}
            </small>
          ) : (
            <small className="company-form__hint">{t('tokens.nameHint')}</small>
          )}
        </div>
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
      </form>
    </Dialog>
  );
}
