import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { SimDetail } from '@cab/contract/sims';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast-bus';
import { useUpdateSim } from '../api/update-sim';
import { simEditSchema, simEditValues, simUpdateRequest, type SimEditValues } from '../model/sim-edit';

const FIELDS = [
  { name: 'name', testId: 'sim-rename', hint: null },
  { name: 'msu', testId: 'sim-msu', hint: 'sim.msuHint' },
  { name: 'external_id', testId: 'sim-external-id', hint: null },
] as const;

/** Inline editing of name, MSU value and external id (POST /api/sims/update). */
export function SimEditForm({ sim }: { sim: SimDetail }) {
  const { t } = useTranslation();
  const form = useZodForm(simEditSchema, {
    values: simEditValues(sim),
    // Checked as typed: a name over the server's 100 characters is said at once, not after Save.
    mode: 'onChange',
  });
  const { errors, isDirty } = form.formState;

  function onServerError(error: ApiError): void {
    const fields = Object.entries(error.fields ?? {}).filter(([name]) => FIELDS.some((field) => field.name === name));
    for (const [name, message] of fields) form.setError(name as keyof SimEditValues, { message, type: 'server' });
    if (fields.length === 0) {
      toastError(error);
    }
  }
  const update = useUpdateSim(onServerError);

  const submit = (values: SimEditValues) =>
    update.mutate(simUpdateRequest(sim.id, values), { onSuccess: () => showSuccessToast({ key: 'sim.saved' }) });

  return (
    <Form form={form} onSubmit={submit} errorKeys="sim.errors" className="sim-edit" testId="sim-edit">
      {FIELDS.map((field) => (
        <TextField<SimEditValues>
          key={field.name}
          name={field.name}
          id={`sim-edit-${field.name}`}
          label={t(`sim.field.${field.name}`)}
          hint={field.hint ? t(field.hint) : undefined}
          inputMode={field.name === 'msu' ? 'decimal' : undefined}
          autoComplete="off"
          placeholder={field.name === 'name' ? t('sim.noName') : undefined}
          testId={field.testId}
        />
      ))}
      <div className="sim-edit__actions">
        <Button type="button" label={t('sim.cancel')} text disabled={!isDirty} onClick={() => form.reset()} />
        <Button
          type="submit"
          label={t('sim.save')}
          icon="pi pi-check"
          disabled={!isDirty || Object.keys(errors).length > 0}
          loading={update.isPending}
          data-testid="sim-save"
        />
      </div>
    </Form>
  );
}
