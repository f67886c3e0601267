import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import type { SimEvent } from '@cab/contract/sim-events';
import { CARD_TABLE, cardColumn } from '@/components/card-table';
import { EmptyState } from '@/components/empty-state';
import { QueryStates } from '@/components/query-states';
import { SimEventActor, SimEventDetails, SimEventType } from '@/components/sim-events/sim-event-cells';
import { formatUnixDate } from '@/lib/format-date';
import { useSimEvents } from '../api/sim-events';

/**
 * The SIM's network event log, newest first: sessions, changes of network or IMEI, blocks with who
 * did them, limits, SMS. Live: a `sim_events` push for this SIM refetches it (handle-ws-event).
 */
export function SimEvents({ simId, iccid }: { simId: number; iccid: string }) {
  const { t, i18n } = useTranslation();
  const events = useSimEvents(simId);
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="card sim-page__section" aria-labelledby="sim-events-title" data-testid="sim-events">
      <div className="sim-section__head">
        <h2 id="sim-events-title">{t('simEvents.title')}</h2>
      </div>
      <p className="muted">
        {t('simEvents.simHint')}{' '}
        <Link to={`/events?sim=${encodeURIComponent(iccid)}`} data-testid="sim-events-all">
          {t('simEvents.allForSim')}
        </Link>
      </p>
      <QueryStates
        query={events}
        isEmpty={() => items.length === 0}
        empty={<EmptyState icon="pi-bolt" title={t('simEvents.emptyTitle')} hint={t('simEvents.emptySimHint')} testId="sim-events-empty" />}
      >
        {() => (
          <>
            <DataTable value={items} dataKey="id" size="small" stripedRows className={CARD_TABLE} aria-busy={events.isFetching} data-testid="sim-events-table">
              <Column {...cardColumn('title', t('simEvents.col.time'))} body={(e: SimEvent) => formatUnixDate(e.at, i18n.language)} />
              <Column {...cardColumn('status', t('simEvents.col.type'))} body={(e: SimEvent) => <SimEventType event={e} />} />
              <Column {...cardColumn('field', t('simEvents.col.actor'))} body={(e: SimEvent) => <SimEventActor event={e} />} />
              <Column {...cardColumn('wide', t('simEvents.col.details'))} body={(e: SimEvent) => <SimEventDetails event={e} />} />
            </DataTable>
            {events.hasNextPage && (
              <div className="sim-events-more">
                <Button type="button" outlined label={t('simEvents.more')} loading={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()} data-testid="sim-events-more" />
              </div>
            )}
          </>
        )}
      </QueryStates>
    </section>
  );
}
