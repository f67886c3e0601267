import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import type { CallSmsReportRow } from '@cab/contract/reports';
import { formatMoney } from '@/lib/format-money';
import { formatUnixDate } from '@/lib/format-date';
import { formatDuration } from '../model/report-state';
import { ReportView, type ReportColumnDef } from './report-view';

const ALL = 'all';

/** Route module /report/call_sms: every SMS and call, in and out, with the other party. */
export function Component() {
  const { t, i18n } = useTranslation();
  return (
    <ReportView
      kind="call_sms"
      title={t('pages.reportCallSms')}
      options={(state, onChange) => (
        <div className="report-options">
          <label htmlFor="report-type">{t('reports.callSms.type')}</label>
          <Dropdown
            inputId="report-type"
            value={state.type ?? ALL}
            options={[
              { label: t('reports.callSms.all'), value: ALL },
              { label: t('reports.callSms.sms'), value: 'sms' },
              { label: t('reports.callSms.call'), value: 'call' },
            ]}
            onChange={(event) => onChange({ type: event.value === ALL ? null : (event.value as 'sms' | 'call') })}
            data-testid="report-type"
          />
          <label htmlFor="report-direction">{t('reports.callSms.direction')}</label>
          <Dropdown
            inputId="report-direction"
            value={state.direction ?? ALL}
            options={[
              { label: t('reports.callSms.all'), value: ALL },
              { label: t('reports.callSms.in'), value: 'in' },
              { label: t('reports.callSms.out'), value: 'out' },
            ]}
            onChange={(event) => onChange({ direction: event.value === ALL ? null : (event.value as 'in' | 'out') })}
            data-testid="report-direction"
          />
        </div>
      )}
      columns={(totals): Array<ReportColumnDef<CallSmsReportRow>> => [
        { key: 'iccid', sort: 'iccid', header: 'ICCID', body: (r) => <Link className="mono" to={`/sim/${r.sim_id}`}>{r.iccid}</Link>, footer: t('reports.table.total') },
        { key: 'msisdn', header: t('reports.col.msisdn'), body: (r) => <span className="mono">{r.msisdn}</span> },
        { key: 'kind', sort: 'kind', header: t('reports.col.type'), body: (r) => t(`reports.callSms.${r.kind}`) },
        {
          key: 'direction',
          header: t('reports.col.direction'),
          body: (r) => (
            <span>
              <i className={`pi ${r.direction === 'in' ? 'pi-arrow-down-left' : 'pi-arrow-up-right'}`} aria-hidden="true" /> {t(`reports.callSms.${r.direction}`)}
            </span>
          ),
        },
        { key: 'peer', header: t('reports.col.peer'), body: (r) => <span className="mono">+{r.peer}</span> },
        { key: 'started', sort: 'started', header: t('reports.col.time'), body: (r) => formatUnixDate(r.started, i18n.language) },
        { key: 'seconds', sort: 'seconds', numeric: true, header: t('reports.col.duration'), body: (r) => (r.kind === 'call' ? formatDuration(r.seconds) : '—'), footer: totals && formatDuration(totals.call_seconds) },
        { key: 'operator', header: t('reports.col.operator'), body: (r) => <span className="mono">{r.operator}</span> },
        { key: 'country', header: t('reports.col.country'), body: (r) => r.country },
        { key: 'cost', sort: 'cost', numeric: true, header: t('reports.col.cost'), body: (r) => formatMoney(r.cost, i18n.language) },
      ]}
    />
  );
}
