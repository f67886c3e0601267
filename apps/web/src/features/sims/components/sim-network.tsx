import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import type { SimDetail, SimNetwork } from '@cab/contract/sims';
import { formatUnixDate } from '@/lib/format-date';
import { countryNamer, mccMncLabel } from '../model/usage-series';

const when = (seconds: number | null, lang: string) => (seconds === null ? '—' : formatUnixDate(seconds, lang));

/** Network state of the SIM, or the spec §8 text when the network could not be asked; and its IMEI lock. */
export function SimNetworkCard({ network, imeiLock }: { network: SimNetwork | null; imeiLock: SimDetail['imei_lock'] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="card" data-testid="sim-network" aria-labelledby="sim-network-title">
      <div className="sim-section__head">
        <h2 id="sim-network-title">{t('sim.network.title')}</h2>
        {network && (
          <Tag
            value={network.online ? t('sim.network.online') : t('sim.network.offline')}
            severity={network.online ? 'success' : 'secondary'}
            icon={network.online ? 'pi pi-wifi' : 'pi pi-power-off'}
            data-testid="sim-online"
          />
        )}
      </div>
      {network ? (
        <dl className="sim-fields">
          <Field label={t('sim.network.last_seen')} value={when(network.last_seen, i18n.language)} />
          <Field label={t('sim.network.imei')} value={network.imei ?? '—'} mono />
          <Field label={t('sim.network.cell')} value={network.cell ?? '—'} />
          <Field label={t('sim.network.rat')} value={network.rat ?? '—'} />
          <Field label={t('sim.network.session_started')} value={when(network.session_started, i18n.language)} />
          {network.operator && (
            <Field label={t('sim.network.operator')} value={mccMncLabel(network.operator, countryNamer(i18n.language), t('simUsage.unknownOperator'))} testId="sim-network-operator" />
          )}
          {network.hlr && <HlrFields hlr={network.hlr} />}
          <ImeiLockField lock={imeiLock} />
        </dl>
      ) : (
        <>
          <p className="sim-network-error" role="alert" data-testid="sim-network-error">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" />
            {t('sim.loadError')}
          </p>
          <dl className="sim-fields">
            <ImeiLockField lock={imeiLock} />
          </dl>
        </>
      )}
    </section>
  );
}

/** The HLR's record of the SIM: whether it is there and attached, where, and what access it has. */
function HlrFields({ hlr }: { hlr: NonNullable<SimNetwork['hlr']> }) {
  const { t } = useTranslation();
  const onOff = (enabled: boolean) => (enabled ? t('sim.network.hlr.on') : t('sim.network.hlr.off'));
  if (!hlr.provisioned) return <Field label={t('sim.network.hlr.title')} value={t('sim.network.hlr.missing')} testId="sim-hlr" />;
  const serving = [hlr.vlr_number && `VLR ${hlr.vlr_number}`, hlr.sgsn_number && `SGSN ${hlr.sgsn_number}`].filter(Boolean).join(', ');
  return (
    <>
      <Field label={t('sim.network.hlr.title')} value={hlr.attached ? t('sim.network.hlr.attached') : t('sim.network.hlr.detached')} testId="sim-hlr" />
      <Field label={t('sim.network.hlr.serving')} value={serving || '—'} mono />
      <Field label={t('sim.network.hlr.access')} value={t('sim.network.hlr.accessValue', { data: onOff(hlr.ps_enabled), voice: onOff(hlr.cs_enabled) })} testId="sim-hlr-access" />
    </>
  );
}

/** Which IMEI the SIM may work from (the IMEI lock operation sets it) and what another one does. */
function ImeiLockField({ lock }: { lock: SimDetail['imei_lock'] }) {
  const { t } = useTranslation();
  const value = lock ? t(lock.block ? 'sim.network.imeiLock.blocks' : 'sim.network.imeiLock.logs', { imei: lock.imei }) : t('sim.network.imeiLock.none');
  return <Field label={t('sim.network.imeiLock.title')} value={value} testId="sim-imei-lock" />;
}

function Field({ label, value, mono, testId }: { label: string; value: string; mono?: boolean; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd className={mono ? 'mono' : undefined}>{value}</dd>
    </div>
  );
}
