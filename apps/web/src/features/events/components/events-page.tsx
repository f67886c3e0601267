import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SIM_EVENT_TYPES, SIM_EVENTS_RETENTION_DAYS, type SimEvent, type SimEventType } from '@cab/contract/sim-events';
import { SIM_LABEL_MAX_LENGTH } from '@cab/contract/constants';
import { CARD_TABLE, cardColumn } from '@/components/card-table';
import { DateInput } from '@/components/date-input';
import { EmptyState } from '@/components/empty-state';
import { PageTitle } from '@/components/page-title';
import { QueryStates } from '@/components/query-states';
import { SimEventActor, SimEventDetails, SimEventType as EventTypeCell } from '@/components/sim-events/sim-event-cells';
import { formatUnixDate } from '@/lib/format-date';
import { groupsQueryOptions } from '@/lib/groups-query';
import { useUrlState } from '@/lib/url-state';
import { useCompanyEvents } from '../api/events';
import { EVENTS_URL, eventsFilterProblem, toEventsFilter } from '../model/events-filter';
import '../events.css';

const ALL = 'all';

/** Route module /events: the company's network event log with its filters (issue 25.2). */
export function Component() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useUrlState(EVENTS_URL);
  const [typed, setTyped] = useState({ sim: state.sim, label: state.label });
  const groups = useQuery(groupsQueryOptions);
  const problem = eventsFilterProblem(state);
  const events = useCompanyEvents(toEventsFilter(state), problem === null);
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];

  const types = [{ label: t('simEvents.allTypes'), value: ALL }, ...SIM_EVENT_TYPES.map((type) => ({ label: t(`simEvents.type.${type}`), value: type }))];
  const groupOptions = [{ label: t('simEvents.allGroups'), value: 0 }, ...(groups.data?.items ?? []).map((g) => ({ label: g.name, value: g.id }))];

  return (
    <div className="events-page">
      <PageTitle>{t('simEvents.title')}</PageTitle>
      <p className="muted">{t('simEvents.hint', { days: SIM_EVENTS_RETENTION_DAYS })}</p>
      <section className="card events-filter" aria-label={t('simEvents.filter')}>
        <form
          className="events-filter__search"
          onSubmit={(event) => {
            event.preventDefault();
            setState({ sim: typed.sim.trim(), label: typed.label.trim() });
          }}
        >
          <div className="events-filter__field">
            <label htmlFor="events-sim">{t('simEvents.sim')}</label>
            <InputText id="events-sim" value={typed.sim} inputMode="numeric" maxLength={22} onChange={(e) => setTyped({ ...typed, sim: e.target.value.replace(/\D/g, '') })} data-testid="events-filter-sim" />
          </div>
          <div className="events-filter__field">
            <label htmlFor="events-label">{t('simEvents.label')}</label>
            <InputText
              id="events-label"
              value={typed.label}
              maxLength={SIM_LABEL_MAX_LENGTH}
              invalid={problem === 'label'}
              aria-describedby={problem ? 'events-filter-problem' : undefined}
              onChange={(e) => setTyped({ ...typed, label: e.target.value })}
              data-testid="events-filter-label"
            />
          </div>
          <Button type="submit" icon="pi pi-search" label={t('simEvents.find')} data-testid="events-filter-apply" />
        </form>
        <div className="events-filter__field">
          <label htmlFor="events-type">{t('simEvents.col.type')}</label>
          <Dropdown inputId="events-type" value={state.type ?? ALL} options={types} onChange={(e) => setState({ type: e.value === ALL ? null : (e.value as SimEventType) })} data-testid="events-filter-type" />
        </div>
        <div className="events-filter__field">
          <label htmlFor="events-group">{t('simEvents.group')}</label>
          <Dropdown inputId="events-group" value={state.group ?? 0} options={groupOptions} onChange={(e) => setState({ group: e.value ? Number(e.value) : null })} data-testid="events-filter-group" />
        </div>
        <div className="events-filter__field">
          <label htmlFor="events-from">{t('simEvents.from')}</label>
          <DateInput inputId="events-from" value={state.from} max={state.to} onChange={(from) => setState({ from })} testId="events-filter-from" />
        </div>
        <div className="events-filter__field">
          <label htmlFor="events-to">{t('simEvents.to')}</label>
          <DateInput inputId="events-to" value={state.to} min={state.from} onChange={(to) => setState({ to })} testId="events-filter-to" />
        </div>
      </section>
      {problem ? (
        <p className="card events-problem" role="alert" id="events-filter-problem" data-testid="events-filter-problem">
          {t(`simEvents.problem.${problem}`)}
        </p>
      ) : (
        <QueryStates
          query={events}
          card
          isEmpty={() => items.length === 0}
          empty={<EmptyState icon="pi-bolt" title={t('simEvents.emptyTitle')} hint={t('simEvents.emptyHint')} testId="events-empty" />}
        >
          {() => (
            <div className="card events-table" data-testid="events-table">
              <DataTable value={items} dataKey="id" size="small" stripedRows className={CARD_TABLE} aria-busy={events.isFetching}>
                <Column {...cardColumn('title', t('simEvents.col.time'))} body={(e: SimEvent) => formatUnixDate(e.at, i18n.language)} />
                <Column {...cardColumn('status', t('simEvents.col.type'))} body={(e: SimEvent) => <EventTypeCell event={e} />} />
                <Column
                  {...cardColumn('field', t('simEvents.col.sim'))}
                  body={(e: SimEvent) => (
                    <Link to={`/sim/${e.sim}`} className="mono" data-testid="events-sim-link">
                      {e.iccid}
                    </Link>
                  )}
                />
                <Column {...cardColumn('field', t('simEvents.col.actor'))} body={(e: SimEvent) => <SimEventActor event={e} />} />
                <Column {...cardColumn('wide', t('simEvents.col.details'))} body={(e: SimEvent) => <SimEventDetails event={e} />} />
              </DataTable>
              {events.hasNextPage && (
                <div className="sim-events-more">
                  <Button type="button" outlined label={t('simEvents.more')} loading={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()} data-testid="events-more" />
                </div>
              )}
            </div>
          )}
        </QueryStates>
      )}
    </div>
  );
}
