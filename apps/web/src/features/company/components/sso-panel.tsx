import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Tag } from 'primereact/tag';
import { COMPANY_USER_ROLES } from '@cab/contract/company-users';
import { SsoSettingsSave, type SsoSettings } from '@cab/contract/sso';
import { CheckboxField } from '@/components/form/checkbox-field';
import { Form } from '@/components/form/form';
import { NativeSelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { QueryStates } from '@/components/query-states';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast-bus';
import { ssoQueryOptions, useSsoMutations } from '../api/sso-api';

/** The domains as typed (commas, spaces or lines between them), checked as the server checks them. */
const ssoFormSchema = SsoSettingsSave.extend({
  client_secret: z.string().max(1000),
  domains: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .toLowerCase()
          .split(/[\s,;]+/)
          .filter(Boolean),
      ),
    ])
    .pipe(SsoSettingsSave.shape.domains),
});
type SsoFormInput = z.input<typeof ssoFormSchema>;
type SsoFormOutput = z.output<typeof ssoFormSchema>;

const TEXT_FIELDS = ['issuer', 'client_id', 'client_secret', 'domains'] as const;

/** Company tab "Sign-in": the company's OpenID Connect provider, for its admins (issue 22.5). */
export function SsoPanel({ readOnly }: { readOnly: boolean }) {
  const settings = useQuery(ssoQueryOptions);
  return (
    <QueryStates query={settings} card>
      {(data) => <SsoForm key={JSON.stringify(data)} settings={data} readOnly={readOnly} />}
    </QueryStates>
  );
}

function SsoForm({ settings, readOnly }: { settings: SsoSettings; readOnly: boolean }) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState(false);
  const form = useZodForm(ssoFormSchema, {
    defaultValues: {
      enabled: settings.configured ? settings.enabled : true,
      issuer: settings.issuer,
      client_id: settings.client_id,
      client_secret: '',
      domains: settings.domains.join(', '),
      role: settings.role,
    },
    issueToKey: (issue) => (issue.code === 'too_small' && issue.input === '' ? 'required' : 'invalid'),
  });
  const onError = (error: ApiError) => {
    toastError(error);
    for (const field of TEXT_FIELDS) {
      // A field the provider or another company refused says why in the answer's own message.
      const message =
        error.fields?.[field] && (error.code === 'validation_failed' ? error.fields[field] : error.message);
      if (message) form.setError(field, { type: 'server', message });
    }
  };
  const { save, remove } = useSsoMutations(onError);

  function submit(values: SsoFormOutput): void {
    if (!values.client_secret && !settings.has_secret) {
      form.setError('client_secret', { type: 'required', message: 'required' });
      return;
    }
    save.mutate(
      { ...values, client_secret: values.client_secret || undefined },
      { onSuccess: () => showSuccessToast({ key: 'sso.saved' }) },
    );
  }

  const status = !settings.configured ? 'notSet' : settings.enabled ? 'on' : 'off';
  return (
    <section className="sso-panel" aria-labelledby="sso-title" data-testid="sso-panel">
      <div className="sso-panel__head">
        <h2 id="sso-title" className="sso-panel__title">
          {t('sso.title')}
        </h2>
        <Tag
          value={t(`sso.status.${status}`)}
          severity={status === 'on' ? 'success' : 'secondary'}
          data-testid="sso-status"
        />
      </div>
      <p className="sso-panel__intro">{t('sso.intro')}</p>
      <div className="sso-panel__redirect">
        <span id="sso-redirect-label">{t('sso.redirectUri')}</span>
        <code aria-labelledby="sso-redirect-label" data-testid="sso-redirect-uri">
          {settings.redirect_uri}
        </code>
        <Button
          type="button"
          icon="pi pi-copy"
          text
          rounded
          aria-label={t('sso.copy')}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(settings.redirect_uri)
              .then(() => showSuccessToast({ key: 'sso.copied' }))
          }
        />
      </div>
      <Form
        form={form}
        onSubmit={submit}
        errorKeys="sso.errors"
        className="company-form sso-panel__form"
        testId="sso-form"
      >
        <CheckboxField<SsoFormInput> name="enabled" id="sso-enabled" label={t('sso.enabled')} testId="sso-enabled" />
        <TextField<SsoFormInput>
          name="issuer"
          id="sso-issuer"
          label={t('sso.issuer')}
          hint={t('sso.issuerHint')}
          type="url"
          maxLength={500}
          placeholder="https://login.example.com"
          fieldClassName="company-form__field"
          testId="sso-issuer"
          disabled={readOnly}
        />
        <TextField<SsoFormInput>
          name="client_id"
          id="sso-client-id"
          label={t('sso.clientId')}
          maxLength={255}
          fieldClassName="company-form__field"
          testId="sso-client-id"
          disabled={readOnly}
        />
        <TextField<SsoFormInput>
          name="client_secret"
          id="sso-client-secret"
          label={t('sso.clientSecret')}
          hint={t(settings.has_secret ? 'sso.secretKept' : 'sso.secretHint')}
          type="password"
          autoComplete="off"
          maxLength={1000}
          fieldClassName="company-form__field"
          testId="sso-client-secret"
          disabled={readOnly}
        />
        <TextField<SsoFormInput>
          name="domains"
          id="sso-domains"
          label={t('sso.domains')}
          hint={t('sso.domainsHint')}
          placeholder="example.com, example.ru"
          maxLength={2000}
          fieldClassName="company-form__field"
          testId="sso-domains"
          disabled={readOnly}
        />
        <NativeSelectField<SsoFormInput>
          name="role"
          id="sso-role"
          label={t('sso.role')}
          hint={t('sso.roleHint')}
          fieldClassName="company-form__field"
          className="company-select"
          options={COMPANY_USER_ROLES.map((role) => ({ label: t(`users.roles.${role}`), value: role }))}
          testId="sso-role"
        />
        {!readOnly && (
          <div className="company-form__actions">
            {settings.configured && (
              <Button
                type="button"
                label={t('sso.remove')}
                icon="pi pi-trash"
                severity="danger"
                text
                onClick={() => setRemoving(true)}
                data-testid="sso-remove"
              />
            )}
            <Button
              type="submit"
              label={t('sso.save')}
              icon="pi pi-check"
              loading={save.isPending}
              data-testid="sso-save"
            />
          </div>
        )}
      </Form>
      <ConfirmDialog
        visible={removing}
        onHide={() => setRemoving(false)}
        header={t('sso.removeTitle')}
        message={t('sso.removeConfirm')}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('sso.remove')}
        rejectLabel={t('sso.cancel')}
        acceptClassName="p-button-danger"
        accept={() => remove.mutate(undefined, { onSuccess: () => showSuccessToast({ key: 'sso.removed' }) })}
        data-testid="sso-remove-confirm"
      />
    </section>
  );
}
