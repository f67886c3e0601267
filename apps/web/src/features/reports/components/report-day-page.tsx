import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SelectButton } from 'primereact/selectbutton';
import type { DayReportRow } from '@cab/contract/reports';
import { formatMoney } from '@/lib/format-money';
import { formatCount } from '@/lib/format-count';
import { formatBytes } from '@/lib/format-bytes';
import { formatIsoDay } from '@/lib/format-date';
import { ReportView, type ReportColumnDef } from './report-view';

/** Route module /report/day: per day (or per SIM and day) traffic, sessions, SMS, calls and cost. */
export function Component() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const n = (value: number) => formatCount(value, lang);
  return (
    <ReportView
      kind="day"
      title={t('pages.reportDay')}
      options={(state, onChange) => (
        <div className="report-options">
          <SelectButton
            value={state.bySim ? 'sim' : 'day'}
            options={[
              { label: t('reports.day.perDay'), value: 'day' },
              { label: t('reports.day.perSim'), value: 'sim' },
            ]}
            allowEmpty={false}
            onChange={(event) => onChange({ bySim: event.value === 'sim', sort: null })}
            aria-label={t('reports.day.rows')}
            data-testid="report-day-rows"
          />
        </div>
      )}
      columns={(totals, state) => {
        const cols: Array<ReportColumnDef<DayReportRow>> = [
          { key: 'day', sort: 'day', header: t('reports.col.day'), body: (r) => formatIsoDay(r.day, lang), footer: t('reports.table.total') },
        ];
        if (state.bySim) {
          cols.push(
            { key: 'iccid', sort: 'iccid', header: 'ICCID', body: (r) => (r.sim_id ? <Link className="mono" to={`/sim/${r.sim_id}`}>{r.iccid}</Link> : null) },
            { key: 'msisdn', header: t('reports.col.msisdn'), body: (r) => <span className="mono">{r.msisdn}</span> },
          );
        }
        cols.push(
          { key: 'bytes', sort: 'bytes', numeric: true, header: t('reports.col.traffic'), body: (r) => formatBytes(r.bytes, lang), footer: totals && formatBytes(totals.bytes, lang) },
          { key: 'sessions', sort: 'sessions', numeric: true, header: t('reports.col.sessions'), body: (r) => n(r.sessions), footer: totals && n(totals.sessions) },
          { key: 'sms_in', sort: 'sms_in', numeric: true, header: t('reports.col.smsIn'), body: (r) => n(r.sms_in), footer: totals && n(totals.sms_in) },
          { key: 'sms_out', sort: 'sms_out', numeric: true, header: t('reports.col.smsOut'), body: (r) => n(r.sms_out), footer: totals && n(totals.sms_out) },
          { key: 'calls_in', sort: 'calls_in', numeric: true, header: t('reports.col.callsIn'), body: (r) => n(r.calls_in), footer: totals && n(totals.calls_in) },
          { key: 'calls_out', sort: 'calls_out', numeric: true, header: t('reports.col.callsOut'), body: (r) => n(r.calls_out), footer: totals && n(totals.calls_out) },
          { key: 'cost', sort: 'cost', numeric: true, header: t('reports.col.cost'), body: (r) => formatMoney(r.cost, i18n.language), footer: totals && formatMoney(totals.cost, i18n.language) },
        );
        return cols;
      }}
    />
  );
}
