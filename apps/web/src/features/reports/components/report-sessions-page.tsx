import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionReportRow } from '@cab/contract/reports';
import { formatMoney } from '@/lib/format-money';
import { formatCount } from '@/lib/format-count';
import { formatUnixDate } from '@/lib/format-date';
import { formatBytes } from '@/lib/format-bytes';
import { formatDuration } from '../model/report-state';
import { ReportView, type ReportColumnDef } from './report-view';

/** Route module /report/sessions: every data session with its traffic, duration and network. */
export function Component() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <ReportView
      kind="sessions"
      title={t('pages.reportSessions')}
      columns={(totals): Array<ReportColumnDef<SessionReportRow>> => [
        { key: 'iccid', sort: 'iccid', header: 'ICCID', body: (r) => <Link className="mono" to={`/sim/${r.sim_id}`}>{r.iccid}</Link>, footer: totals && t('reports.table.totalCount', { count: formatCount(totals.sessions, lang) }) },
        { key: 'msisdn', header: t('reports.col.msisdn'), body: (r) => <span className="mono">{r.msisdn}</span> },
        { key: 'started', sort: 'started', header: t('reports.col.started'), body: (r) => formatUnixDate(r.started, i18n.language) },
        { key: 'duration', sort: 'duration', numeric: true, header: t('reports.col.duration'), body: (r) => formatDuration(r.duration), footer: totals && formatDuration(totals.session_seconds) },
        { key: 'bytes_up', numeric: true, header: t('reports.col.up'), body: (r) => formatBytes(r.bytes_up, lang), footer: totals && formatBytes(totals.bytes_up, lang) },
        { key: 'bytes_down', numeric: true, header: t('reports.col.down'), body: (r) => formatBytes(r.bytes_down, lang), footer: totals && formatBytes(totals.bytes_down, lang) },
        { key: 'bytes', sort: 'bytes', numeric: true, header: t('reports.col.traffic'), body: (r) => formatBytes(r.bytes, lang), footer: totals && formatBytes(totals.bytes, lang) },
        { key: 'rat', header: t('reports.col.rat'), body: (r) => r.rat },
        { key: 'operator', header: t('reports.col.operator'), body: (r) => <span className="mono">{r.operator}</span> },
        { key: 'country', header: t('reports.col.country'), body: (r) => r.country },
        { key: 'cost', sort: 'cost', numeric: true, header: t('reports.col.cost'), body: (r) => formatMoney(r.cost, i18n.language) },
      ]}
    />
  );
}
