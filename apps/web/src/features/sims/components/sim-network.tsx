import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import type { SimNetwork } from '@cab/contract/sims';
import { formatUnixDate } from '@/lib/format-date';

const when = (seconds: number | null, lang: string) => (seconds === null ? '—' : formatUnixDate(seconds, lang));

/** Network state of the SIM, or the spec §8 text when the network could not be asked. */
export function SimNetworkCard({ network }: { network: SimNetwork | null }) {
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
        </dl>
      ) : (
        <p className="sim-network-error" role="alert" data-testid="sim-network-error">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          {t('sim.loadError')}
        </p>
      )}
    </section>
  );
}

function Field({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={mono ? 'mono' : undefined}>{value}</dd>
    </div>
  );
}
