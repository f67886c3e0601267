import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SMS_DIRECTIONS, SMS_INBOX_DEFAULT_DAYS, SMS_INBOX_RANGE_MAX_DAYS, SMS_INBOX_SEARCH_MAX, type SmsDirection as Direction, type SmsInboxItem } from '@cab/contract/sms-inbox';
import { SMS_MESSAGE_STATUSES, type SmsMessageStatus } from '@cab/contract/sms-messages';
import { CARD_TABLE, cardColumn } from '@/components/card-table';
import { DateInput } from '@/components/date-input';
import { EmptyState } from '@/components/empty-state';
import { PageTitle } from '@/components/page-title';
import { QueryStates } from '@/components/query-states';
import { OperationDialog } from '@/components/sim-operations/operation-dialog';
import { SmsDirection, SmsStatus } from '@/components/sms/sms-cells';
import { useCan } from '@/lib/use-can';
import { formatUnixDate } from '@/lib/format-date';
import { useUrlState } from '@/lib/url-state';
import { exportSmsInbox, SMS_KEY, useSmsInbox } from '../api/sms-inbox';
import { SMS_URL, smsFilterProblem, toSmsFilter } from '../model/sms-filter';
import '../sms.css';

const ALL = 'all';

/** Route module /sms: the company's messages, from the devices and to them with their delivery state (issue 25.7). */
export function Component() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useUrlState(SMS_URL);
  const [typed, setTyped] = useState({ sim: state.sim, q: state.q });
  const [replyTo, setReplyTo] = useState<SmsInboxItem | null>(null);
  const [exporting, setExporting] = useState(false);
  const canReply = useCan('sims.operate', { writes: true });
  const problem = smsFilterProblem(state);
  const filter = toSmsFilter(state);
  const inbox = useSmsInbox(filter, problem === null);
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  const range = inbox.data?.pages[0];

  const directions = [{ label: t('smsInbox.allDirections'), value: ALL }, ...SMS_DIRECTIONS.map((d) => ({ label: t(`smsMessages.direction.${d}`), value: d }))];
  const statuses = [{ label: t('smsInbox.allStatuses'), value: ALL }, ...SMS_MESSAGE_STATUSES.map((s) => ({ label: t(`smsMessages.status.${s}`), value: s }))];
  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    await exportSmsInbox(filter, format);
    setExporting(false);
  };

  return (
    <div className="sms-page">
      <PageTitle>{t('smsInbox.title')}</PageTitle>
      <p className="muted">{t('smsInbox.hint', { days: SMS_INBOX_DEFAULT_DAYS })}</p>
      <section className="card sms-filter" aria-label={t('smsInbox.filter')}>
        <form
          className="sms-filter__search"
          onSubmit={(event) => {
            event.preventDefault();
            setState({ sim: typed.sim.trim(), q: typed.q.trim() });
          }}
        >
          <div className="sms-filter__field">
            <label htmlFor="sms-sim">{t('smsInbox.sim')}</label>
            <InputText
              id="sms-sim"
              value={typed.sim}
              inputMode="numeric"
              maxLength={23}
              placeholder={t('smsInbox.simPlaceholder')}
              invalid={problem === 'sim'}
              aria-describedby={problem === 'sim' ? 'sms-filter-problem' : undefined}
              onChange={(event) => setTyped({ ...typed, sim: event.target.value })}
              data-testid="sms-filter-sim"
            />
          </div>
          <div className="sms-filter__field">
            <label htmlFor="sms-q">{t('smsInbox.search')}</label>
            <InputText
              id="sms-q"
              value={typed.q}
              maxLength={SMS_INBOX_SEARCH_MAX}
              onChange={(event) => setTyped({ ...typed, q: event.target.value })}
              data-testid="sms-filter-q"
            />
          </div>
          <Button type="submit" icon="pi pi-search" label={t('smsInbox.find')} data-testid="sms-filter-apply" />
        </form>
        <div className="sms-filter__field">
          <label htmlFor="sms-direction">{t('smsMessages.col.direction')}</label>
          <Dropdown
            inputId="sms-direction"
            value={state.direction ?? ALL}
            options={directions}
            onChange={(event) => setState({ direction: event.value === ALL ? null : (event.value as Direction) })}
            data-testid="sms-filter-direction"
          />
        </div>
        <div className="sms-filter__field">
          <label htmlFor="sms-status">{t('smsMessages.col.status')}</label>
          <Dropdown
            inputId="sms-status"
            value={state.status ?? ALL}
            options={statuses}
            onChange={(event) => setState({ status: event.value === ALL ? null : (event.value as SmsMessageStatus) })}
            data-testid="sms-filter-status"
          />
        </div>
        <div className="sms-filter__field">
          <label htmlFor="sms-from">{t('smsInbox.from')}</label>
          <DateInput inputId="sms-from" value={state.from ?? range?.from} max={state.to} onChange={(from) => setState({ from })} testId="sms-filter-from" />
        </div>
        <div className="sms-filter__field">
          <label htmlFor="sms-to">{t('smsInbox.to')}</label>
          <DateInput inputId="sms-to" value={state.to ?? range?.to} min={state.from} onChange={(to) => setState({ to })} testId="sms-filter-to" />
        </div>
        <div className="sms-filter__actions">
          <Button type="button" outlined icon="pi pi-download" label="CSV" aria-label={t('smsInbox.exportCsv')} disabled={problem !== null || exporting} onClick={() => void download('csv')} data-testid="sms-export-csv" />
          <Button type="button" outlined icon="pi pi-download" label="XLSX" aria-label={t('smsInbox.exportXlsx')} disabled={problem !== null || exporting} onClick={() => void download('xlsx')} data-testid="sms-export-xlsx" />
        </div>
      </section>
      {problem ? (
        <p className="card sms-problem" role="alert" id="sms-filter-problem" data-testid="sms-filter-problem">
          {t(`smsInbox.problem.${problem}`, { max: SMS_INBOX_RANGE_MAX_DAYS })}
        </p>
      ) : (
        <QueryStates
          query={inbox}
          card
          isEmpty={() => items.length === 0}
          empty={<EmptyState icon="pi-comments" title={t('smsInbox.emptyTitle')} hint={t('smsInbox.emptyHint')} testId="sms-empty" />}
        >
          {(data) => (
            <div className="card sms-table" data-testid="sms-table">
              <DataTable value={items} dataKey="id" size="small" stripedRows className={CARD_TABLE} aria-busy={inbox.isFetching}>
                <Column {...cardColumn('title', t('smsMessages.col.time'))} body={(m: SmsInboxItem) => formatUnixDate(m.created, i18n.language)} />
                <Column {...cardColumn('status', t('smsMessages.col.status'))} body={(m: SmsInboxItem) => <SmsStatus message={m} />} />
                <Column
                  {...cardColumn('field', t('smsInbox.simColumn'))}
                  body={(m: SmsInboxItem) => (
                    <Link to={`/sim/${m.sim_id}`} className="mono" data-testid="sms-sim-link">
                      {m.iccid}
                      {m.sim_name ? <span className="sms-sim-name"> · {m.sim_name}</span> : null}
                    </Link>
                  )}
                />
                <Column {...cardColumn('field', t('smsMessages.col.direction'))} body={(m: SmsInboxItem) => <SmsDirection direction={m.direction} />} />
                <Column {...cardColumn('minor', t('smsMessages.col.peer'))} body={(m: SmsInboxItem) => <span className="mono">{m.peer ?? '—'}</span>} />
                <Column
                  {...cardColumn('wide', t('smsMessages.col.text'))}
                  body={(m: SmsInboxItem) => (
                    <span className="sms-text" data-testid="sms-text">
                      {m.text}
                    </span>
                  )}
                />
                {canReply && (
                  <Column
                    {...cardColumn('actions', t('smsInbox.actions'))}
                    body={(m: SmsInboxItem) => (
                      <Button
                        type="button"
                        text
                        size="small"
                        icon="pi pi-reply"
                        label={t('smsInbox.reply')}
                        aria-label={t('smsInbox.replyTo', { iccid: m.iccid })}
                        onClick={() => setReplyTo(m)}
                        data-testid="sms-reply"
                      />
                    )}
                  />
                )}
              </DataTable>
              {inbox.hasNextPage && (
                <div className="sms-more">
                  <Button type="button" outlined label={t('smsInbox.more')} loading={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()} data-testid="sms-more" />
                </div>
              )}
              <p className="muted sms-range" data-testid="sms-range">
                {t('smsInbox.range', { from: data.pages[0]?.from ?? '', to: data.pages[0]?.to ?? '', count: items.length })}
              </p>
            </div>
          )}
        </QueryStates>
      )}
      {replyTo && (
        <OperationDialog
          reason="queue_sms"
          selection={{ ids: [replyTo.sim_id] }}
          targetLabel={replyTo.iccid}
          ineligible={0}
          onHide={() => setReplyTo(null)}
          onQueued={() => void queryClient.invalidateQueries({ queryKey: SMS_KEY })}
        />
      )}
    </div>
  );
}
