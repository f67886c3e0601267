import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { parseRateBp } from '@cab/contract/agents';
import { showSuccessToast } from '@/lib/api';
import { useSetRate } from '../api/agent-api';

/** Root sets an agent's reward rate in percent; empty returns it to the server's default. */
export function RateDialog({ agentId, currentBp, isDefault, visible, onHide }: { agentId: number; currentBp: number; isDefault: boolean; visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const [rate, setRate] = useState(isDefault ? '' : String(currentBp / 100));
  const [error, setError] = useState<string | undefined>();
  const save = useSetRate((e) => setError(e.fields?.rate ?? e.message));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rate.trim() !== '' && parseRateBp(rate) === null) {
      setError(t('agent.rate.invalid'));
      return;
    }
    setError(undefined);
    save.mutate({ agent_company_id: agentId, rate: rate.trim() }, { onSuccess: () => (showSuccessToast({ key: 'agent.rate.saved' }), onHide()) });
  };
  return (
    <Dialog header={t('agent.rate.edit')} visible={visible} onHide={onHide} className="agent-dialog" breakpoints={{ '640px': '95vw' }}>
      <form className="agent-form" noValidate onSubmit={submit}>
        <div className="agent-form__field">
          <label htmlFor="agent-rate-input">{t('agent.rate.percent')}</label>
          <InputText id="agent-rate-input" value={rate} onChange={(e) => setRate(e.target.value)} inputMode="decimal" invalid={!!error} aria-describedby="agent-rate-hint" data-testid="agent-rate-input" />
          {error ? (
            <small className="p-error" role="alert">
              {error}
            </small>
          ) : (
            <small id="agent-rate-hint">{t('agent.rate.hint')}</small>
          )}
        </div>
        <div className="agent-form__actions">
          <Button type="button" label={t('agent.cancel')} text onClick={onHide} />
          <Button type="submit" label={t('agent.save')} icon="pi pi-check" loading={save.isPending} data-testid="agent-rate-save" />
        </div>
      </form>
    </Dialog>
  );
}
