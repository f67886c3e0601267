import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { RADIUS_DROP_REASONS, type RadiusNasStats, type RadiusStatsResult, type RadiusUnknownImsi } from '@cab/contract/radius';
import { QueryStates } from '@/components/query-states';
import { formatCount } from '@/lib/format-count';
import { formatUnixDate } from '@/lib/format-date';
import { radiusStatsQuery, radiusUnknownImsisQuery } from '../../api/radius-api';
import { RadiusClients } from './radius-clients';

/** RADIUS accounting in Tools → Network: packets per NAS, the IMSIs no SIM has, and root's NAS clients. */
export function RadiusSection() {
  const { t } = useTranslation();
  const stats = useQuery(radiusStatsQuery);
  return (
    <section className="card tools-card" aria-labelledby="radius-title" data-testid="radius-section">
      <h2 id="radius-title">{t('radius.title')}</h2>
      <p className="tools-card__text">{t('radius.text')}</p>
      <QueryStates query={stats} pending={<Skeleton height="6rem" />}>
        {(data) => (
          <>
            <LinkLine link={data.link} />
            <NasTable items={data.items} />
          </>
        )}
      </QueryStates>
      <UnknownImsis />
      <RadiusClients />
    </section>
  );
}

function LinkLine({ link }: { link: RadiusStatsResult['link'] }) {
  const { t, i18n } = useTranslation();
  if (!link) return <p className="muted">{t('radius.off')}</p>;
  return (
    <p data-testid="radius-link">
      <Tag severity={link.state === 'up' ? 'success' : 'warning'} value={t(`radius.states.${link.state}`, { defaultValue: link.state })} /> {link.address ?? ''}
      {link.packets_per_second !== null && ` · ${t('radius.perSecond', { value: link.packets_per_second })}`}
      {` · ${t('radius.updated', { date: formatUnixDate(link.updated, i18n.language) })}`}
    </p>
  );
}

function NasTable({ items }: { items: RadiusNasStats[] }) {
  const { t, i18n } = useTranslation();
  const reasons = (row: RadiusNasStats) =>
    RADIUS_DROP_REASONS.filter((reason) => (row.dropped_by[reason] ?? 0) > 0)
      .map((reason) => `${t(`radius.reasons.${reason}`)}: ${formatCount(row.dropped_by[reason] ?? 0, i18n.language)}`)
      .join(', ');
  return (
    <DataTable value={items} dataKey="nas" size="small" stripedRows emptyMessage={t('radius.statsEmpty')} aria-label={t('radius.statsTitle')} data-testid="radius-stats">
      <Column header={t('radius.nas')} body={(row: RadiusNasStats) => (row.name ? `${row.name} (${row.nas})` : row.nas)} />
      <Column header={t('radius.accepted')} body={(row: RadiusNasStats) => formatCount(row.accepted, i18n.language)} />
      <Column
        header={t('radius.dropped')}
        body={(row: RadiusNasStats) => (
          <span className="tools-cell-wrap">
            {formatCount(row.dropped, i18n.language)}
            {row.dropped > 0 && ` — ${reasons(row)}`}
          </span>
        )}
      />
      <Column header={t('radius.lastPacket')} body={(row: RadiusNasStats) => (row.last_packet ? formatUnixDate(row.last_packet, i18n.language) : '—')} />
    </DataTable>
  );
}

function UnknownImsis() {
  const { t, i18n } = useTranslation();
  const unknown = useQuery(radiusUnknownImsisQuery);
  return (
    <div className="tools-stack">
      <h3 id="radius-unknown-title">{t('radius.unknownTitle')}</h3>
      <QueryStates query={unknown}>
        {(data) => (
          <DataTable
            value={data.items}
            dataKey="imsi"
            size="small"
            stripedRows
            emptyMessage={t('radius.unknownEmpty')}
            aria-labelledby="radius-unknown-title"
            data-testid="radius-unknown-imsis"
            footer={data.total > data.items.length ? t('radius.unknownMore', { shown: data.items.length, total: data.total }) : undefined}
          >
            <Column field="imsi" header={t('radius.imsi')} />
            <Column field="nas" header={t('radius.nas')} />
            <Column header={t('radius.packets')} body={(row: RadiusUnknownImsi) => formatCount(row.packets, i18n.language)} />
            <Column header={t('radius.lastSeen')} body={(row: RadiusUnknownImsi) => formatUnixDate(row.last_seen, i18n.language)} />
          </DataTable>
        )}
      </QueryStates>
    </div>
  );
}
