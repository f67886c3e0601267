import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { NetworkStatusResult, ReconcileReport } from '@cab/contract/network';
import { showSuccessToast } from '@/lib/api';
import { formatUnixDate } from '@/lib/format-date';
import { QueryStates } from '@/components/query-states';
import { networkStatusQuery, useStartReconcile } from '../../api/network-api';

/** Lines of the reconcile's report a page shows (the report keeps up to 100). */
const CHANGES_PER_PAGE = 10;

/** Which adapter runs, the HLR's connection and round trip, its last reconcile, and the SMPP/RADIUS links. */
export function NetworkStatusSection() {
  const { t } = useTranslation();
  const status = useQuery(networkStatusQuery);
  return (
    <section className="card tools-card" aria-labelledby="network-status-title" data-testid="network-status">
      <h2 id="network-status-title">{t('network.title')}</h2>
      <QueryStates query={status} pending={<Skeleton height="8rem" />}>
        {(data) => (
          <>
            <dl className="tools-facts">
              <div>
                <dt>{t('network.adapter')}</dt>
                <dd data-testid="network-adapter">{t(`network.adapters.${data.adapter}`)}</dd>
              </div>
              {data.hlr && <HlrFacts hlr={data.hlr} />}
            </dl>
            {data.adapter === 'simulator' && <p className="tools-card__text">{t('network.simulatorText')}</p>}
            <LinksTable links={data.links} />
          </>
        )}
      </QueryStates>
      {status.data?.hlr && <ReconcileCard report={status.data.reconcile} />}
    </section>
  );
}

function HlrFacts({ hlr }: { hlr: NonNullable<NetworkStatusResult['hlr']> }) {
  const { t } = useTranslation();
  const up = hlr.state === 'open' && hlr.round_trip_ms !== null;
  return (
    <>
      <div>
        <dt>{t('network.hlr')}</dt>
        <dd>
          <Tag severity={up ? 'success' : 'danger'} value={t(`network.hlrStates.${hlr.state}`)} data-testid="network-hlr-state" /> {hlr.address}
        </dd>
      </div>
      <div>
        <dt>{t('network.roundTrip')}</dt>
        <dd data-testid="network-hlr-rtt">{hlr.round_trip_ms === null ? '—' : t('network.ms', { value: hlr.round_trip_ms })}</dd>
      </div>
      {hlr.error && (
        <div className="inline-message inline-message--warn" role="status">
          {hlr.error}
        </div>
      )}
    </>
  );
}

function LinksTable({ links }: { links: NetworkStatusResult['links'] }) {
  const { t, i18n } = useTranslation();
  if (links.length === 0) return null;
  return (
    <DataTable value={links} dataKey="link" size="small" data-testid="network-links" aria-label={t('network.links')}>
      <Column field="link" header={t('network.link')} body={(row: NetworkStatusResult['links'][number]) => t(`network.linkNames.${row.link}`, { defaultValue: row.link })} />
      <Column field="state" header={t('network.state')} body={(row: NetworkStatusResult['links'][number]) => t(`network.linkStates.${row.state}`, { defaultValue: row.state })} />
      <Column
        header={t('network.detail')}
        body={(row: NetworkStatusResult['links'][number]) => (
          <span className="tools-cell-wrap">
            {Object.entries(row.detail)
              .map(([key, value]) => `${key}: ${String(value)}`)
              .join(', ')}
          </span>
        )}
      />
      <Column header={t('network.updated')} body={(row: NetworkStatusResult['links'][number]) => formatUnixDate(row.updated, i18n.language)} />
    </DataTable>
  );
}

function ReconcileCard({ report }: { report: ReconcileReport | null }) {
  const { t, i18n } = useTranslation();
  const start = useStartReconcile();
  const running = report !== null && report.finished === null;
  return (
    <div className="tools-stack network-reconcile" data-testid="network-reconcile">
      <div className="tools-card__head">
        <h3>{t('network.reconcile.title')}</h3>
        <Button
          label={t('network.reconcile.start')}
          icon="pi pi-sync"
          size="small"
          loading={start.isPending || running}
          disabled={start.isPending || running}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: (answer) => showSuccessToast({ key: answer.queued ? 'network.reconcile.queued' : 'network.reconcile.alreadyQueued' }),
            })
          }
          data-testid="network-reconcile-start"
        />
      </div>
      <p className="tools-card__text">{t('network.reconcile.text')}</p>
      {report === null ? (
        <p className="muted">{t('network.reconcile.never')}</p>
      ) : (
        <>
          <p data-testid="network-reconcile-summary">
            {t('network.reconcile.summary', {
              when: formatUnixDate(report.started, i18n.language),
              trigger: t(`network.reconcile.triggers.${report.trigger}`, { defaultValue: report.trigger }),
              checked: report.checked,
              created: report.created,
              corrected: report.corrected,
              failed: report.failed,
            })}
            {running && ` ${t('network.reconcile.running')}`}
          </p>
          {report.error && (
            <div className="inline-message inline-message--warn" role="alert">
              {t('network.reconcile.error', { error: report.error })}
            </div>
          )}
          {report.changes.length > 0 && (
            <DataTable
              value={report.changes}
              size="small"
              paginator={report.changes.length > CHANGES_PER_PAGE}
              rows={CHANGES_PER_PAGE}
              data-testid="network-reconcile-changes"
              aria-label={t('network.reconcile.changes')}
            >
              <Column field="iccid" header="ICCID" />
              <Column field="imsi" header="IMSI" />
              <Column header={t('network.reconcile.what')} body={(row: ReconcileReport['changes'][number]) => row.change ?? row.reason} />
            </DataTable>
          )}
        </>
      )}
    </div>
  );
}
