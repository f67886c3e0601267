import { useId, useState } from 'react';
import '../../sim-rules-tools.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { Skeleton } from 'primereact/skeleton';
import { USAGE_BURST_MAX_SIMS, type NetworkSettings, type UsageBurstResult } from '@cab/contract/sim-rules';
import { showSuccessToast } from '@/lib/api';
import { formatUnixDate } from '@/lib/format-date';
import { networkSettingsQuery, toolCompaniesQuery, useSaveNetworkSettings, useUsageBurst } from '../../api/sim-rules-api';
import { QueryStates } from '@/components/query-states';

/** Root's network simulator: latency, failure rate, activity, roaming delay (saved, shared by every process) and a usage burst. */
export function NetworkSimulatorTab() {
  const { t } = useTranslation();
  const settings = useQuery(networkSettingsQuery);
  return (
    <div className="tools-stack">
      <section className="card tools-card" aria-labelledby="netsim-title" data-testid="network-simulator">
        <h2 id="netsim-title">{t('netsim.title')}</h2>
        <p className="tools-card__text">{t('netsim.text')}</p>
        <QueryStates query={settings} pending={<Skeleton height="10rem" />}>
          {(data) => <SettingsForm key={data.updated ?? 0} initial={data} updated={data.updated} />}
        </QueryStates>
      </section>
      <UsageBurstCard />
    </div>
  );
}

function SettingsForm({ initial, updated }: { initial: NetworkSettings; updated: number | null }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [value, setValue] = useState<NetworkSettings>({
    latency_ms: initial.latency_ms,
    failure_rate: initial.failure_rate,
    activity_sims: initial.activity_sims,
    roaming_delay_minutes: initial.roaming_delay_minutes,
  });
  const save = useSaveNetworkSettings();
  const field = (name: keyof NetworkSettings, min: number, max: number, extra: { suffix?: string; fraction?: boolean } = {}) => (
    <>
      <label htmlFor={`${id}-${name}`}>{t(`netsim.field.${name}`)}</label>
      <div>
        <InputNumber
          inputId={`${id}-${name}`}
          value={name === 'failure_rate' ? Math.round(value.failure_rate * 10000) / 100 : value[name]}
          min={min}
          max={max}
          minFractionDigits={extra.fraction ? 0 : undefined}
          maxFractionDigits={extra.fraction ? 2 : 0}
          suffix={extra.suffix}
          useGrouping={false}
          onValueChange={(e) => {
            const number = e.value ?? 0;
            setValue((v) => ({ ...v, [name]: name === 'failure_rate' ? Math.round(number * 100) / 10000 : number }));
          }}
          data-testid={`netsim-${name}`}
        />
        <small className="muted tools-hint">{t(`netsim.hint.${name}`)}</small>
      </div>
    </>
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value, { onSuccess: () => showSuccessToast({ key: 'netsim.saved' }) });
      }}
    >
      <div className="tools-form-grid">
        {field('latency_ms', 0, 60_000, { suffix: ` ${t('netsim.ms')}` })}
        {field('failure_rate', 0, 100, { suffix: ' %', fraction: true })}
        {field('activity_sims', 0, 2000)}
        {field('roaming_delay_minutes', 0, 4320, { suffix: ` ${t('netsim.minutes')}` })}
      </div>
      {save.error && (
        <div className="inline-message inline-message--warn" role="alert">
          <span>{save.error.message}</span>
        </div>
      )}
      <div className="tools-actions">
        <Button type="submit" label={t('netsim.save')} icon="pi pi-save" loading={save.isPending} data-testid="netsim-save" />
        <span className="muted">{updated ? t('netsim.updated', { date: formatUnixDate(updated, i18n.language) }) : t('netsim.fromEnv')}</span>
      </div>
    </form>
  );
}

function UsageBurstCard() {
  const { t } = useTranslation();
  const id = useId();
  const companies = useQuery(toolCompaniesQuery);
  const [company, setCompany] = useState<number | null>(null);
  const [sims, setSims] = useState(200);
  const [result, setResult] = useState<UsageBurstResult | null>(null);
  const burst = useUsageBurst();
  return (
    <section className="card tools-card" aria-labelledby={`${id}-title`} data-testid="usage-burst">
      <h2 id={`${id}-title`}>{t('netsim.burstTitle')}</h2>
      <p className="tools-card__text">{t('netsim.burstText')}</p>
      <div className="tools-form-grid">
        <label htmlFor={`${id}-company`}>{t('netsim.company')}</label>
        <Dropdown
          inputId={`${id}-company`}
          value={company}
          options={companies.data?.items ?? []}
          optionLabel="name"
          optionValue="id"
          filter
          placeholder={t('netsim.chooseCompany')}
          onChange={(e) => setCompany(e.value as number)}
          data-testid="burst-company"
        />
        <label htmlFor={`${id}-sims`}>{t('netsim.burstSims')}</label>
        <InputNumber inputId={`${id}-sims`} value={sims} min={1} max={USAGE_BURST_MAX_SIMS} useGrouping={false} onValueChange={(e) => setSims(e.value ?? 1)} />
      </div>
      <div className="tools-actions">
        <Button
          type="button"
          label={t('netsim.burstButton')}
          icon="pi pi-bolt"
          disabled={company === null}
          loading={burst.isPending}
          onClick={() => company !== null && burst.mutate({ company_id: company, sims }, { onSuccess: setResult })}
          data-testid="burst-run"
        />
      </div>
      {burst.error && (
        <div className="inline-message inline-message--warn" role="alert">
          <span>{burst.error.message}</span>
        </div>
      )}
      {result && (
        <p role="status" data-testid="burst-result">
          {t('netsim.burstResult', { sims: result.sims, sessions: result.sessions, sms: result.sms, calls: result.calls })}
        </p>
      )}
    </section>
  );
}
