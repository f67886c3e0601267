import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { AgentRateRequest, parseRateBp } from '@cab/contract/agents';
import { showSuccessToast } from '@/lib/api';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { useSetRate } from '../api/agent-api';

/** The contract's rate: empty (the default) or a percent parseRateBp reads; messages under agent.rate. */
const rateFormSchema = z.object({
  rate: AgentRateRequest.shape.rate.refine((rate) => rate.trim() === '' || parseRateBp(rate) !== null, { error: 'invalid' }),
});
type RateFormValues = z.infer<typeof rateFormSchema>;

/** Root sets an agent's reward rate in percent; empty returns it to the server's default. */
export function RateDialog({ agentId, currentBp, isDefault, visible, onHide }: { agentId: number; currentBp: number; isDefault: boolean; visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  // Checked on Save only, as before.
  const form = useZodForm(rateFormSchema, {
    defaultValues: { rate: isDefault ? '' : String(currentBp / 100) },
    issueToKey: () => 'invalid',
    reValidateMode: 'onSubmit',
  });
  const save = useSetRate((e) => form.setError('rate', { type: 'server', message: e.fields?.rate ?? e.message }));
  const submit = ({ rate }: RateFormValues) =>
    save.mutate({ agent_company_id: agentId, rate: rate.trim() }, { onSuccess: () => (showSuccessToast({ key: 'agent.rate.saved' }), onHide()) });
  return (
    <Dialog header={t('agent.rate.edit')} visible={visible} onHide={onHide} className="agent-dialog" breakpoints={{ '640px': '95vw' }}>
      <Form form={form} onSubmit={submit} errorKeys="agent.rate" className="agent-form">
        <TextField<RateFormValues>
          name="rate"
          id="agent-rate-input"
          label={t('agent.rate.percent')}
          hint={t('agent.rate.hint')}
          fieldClassName="agent-form__field"
          inputMode="decimal"
          testId="agent-rate-input"
        />
        <div className="agent-form__actions">
          <Button type="button" label={t('agent.cancel')} text onClick={onHide} />
          <Button type="submit" label={t('agent.save')} icon="pi pi-check" loading={save.isPending} data-testid="agent-rate-save" />
        </div>
      </Form>
    </Dialog>
  );
}
