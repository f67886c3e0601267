import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { TabPanel, TabView } from 'primereact/tabview';
import type { SimUsageItem } from '@cab/contract/sims';
import { formatMoney } from '@/lib/format-money';
import { formatBytes } from '@/lib/format-bytes';
import { formatUnixDate } from '@/lib/format-date';
import { useSimUsage, USAGE_PAGE_SIZE, type UsageKind } from '../api/sim-usage';

// Data sessions are listed by the Usage section (sim-usage-overview.tsx), from the one source the network card agrees with.
const KINDS: UsageKind[] = ['sms', 'call'];


function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Latest SMS and calls of the SIM (POST /api/sims/usage by kind, paged). */
export function SimUsageTabs({ simId }: { simId: number }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  return (
    <section className="card sim-usage" aria-labelledby="sim-usage-title">
      <div className="sim-section__head">
        <h2 id="sim-usage-title">{t('sim.usage.title')}</h2>
      </div>
      <TabView activeIndex={active} onTabChange={(event) => setActive(event.index)}>
        {KINDS.map((kind, index) => (
          <TabPanel
            key={kind}
            header={t(`sim.usage.${kind}`)}
            pt={{ headerAction: { 'data-testid': `sim-usage-tab-${kind}` } as object }}
          >
            {active === index && <UsageTable simId={simId} kind={kind} />}
          </TabPanel>
        ))}
      </TabView>
    </section>
  );
}

function UsageTable({ simId, kind }: { simId: number; kind: UsageKind }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const usage = useSimUsage(simId, kind, page);
  const direction = (item: SimUsageItem) =>
    item.direction ? (
      <span className="usage-direction">
        <i
          className={`pi ${item.direction === 'in' ? 'pi-arrow-down-left' : 'pi-arrow-up-right'}`}
          aria-hidden="true"
        />
        {t(`sim.usage.${item.direction}`)}
      </span>
    ) : (
      '—'
    );
  return (
    <div data-testid={`sim-usage-${kind}`}>
      <DataTable
        value={usage.data?.items ?? []}
        dataKey="id"
        lazy
        paginator={(usage.data?.total ?? 0) > USAGE_PAGE_SIZE}
        first={page * USAGE_PAGE_SIZE}
        rows={USAGE_PAGE_SIZE}
        totalRecords={usage.data?.total ?? 0}
        onPage={(event) => setPage(Math.floor(event.first / USAGE_PAGE_SIZE))}
        loading={usage.isFetching}
        emptyMessage={usage.isPending ? t('common.loading') : t('sim.usage.empty')}
        size="small"
        stripedRows
      >
        <Column columnKey="started" header={t('sim.usage.started')} body={(item: SimUsageItem) => formatUnixDate(item.started, i18n.language)} />
        {kind !== 'data' && <Column columnKey="direction" header={t('sim.usage.direction')} body={direction} />}
        {kind === 'sms' && <Column columnKey="text" header={t('sim.usage.text')} body={(item: SimUsageItem) => item.text ?? '—'} />}
        {kind === 'data' && (
          <Column columnKey="bytes" header={t('sim.usage.bytes')} body={(item: SimUsageItem) => (item.bytes === null ? '—' : formatBytes(item.bytes, i18n.language))} />
        )}
        {kind !== 'sms' && (
          <Column columnKey="seconds" header={t('sim.usage.seconds')} body={(item: SimUsageItem) => formatSeconds(item.seconds)} />
        )}
        <Column columnKey="cost" header={t('sim.usage.cost')} body={(item: SimUsageItem) => formatMoney(item.cost, i18n.language)} />
      </DataTable>
    </div>
  );
}
