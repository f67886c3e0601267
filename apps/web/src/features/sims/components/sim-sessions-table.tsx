import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Tag } from 'primereact/tag';
import type { UsageSession } from '@cab/contract/sim-usage';
import { CARD_TABLE, cardColumn } from '@/components/card-table';
import { formatBytes } from '@/lib/format-bytes';
import { formatUnixDate } from '@/lib/format-date';
import { countryNamer, networkLabel, sessionDuration } from '../model/usage-series';

/** The SIM's latest data sessions, running ones first: the one list the network card's activity matches. */
export function SimSessionsTable({
  sessions,
  asOf,
}: {
  sessions: UsageSession[];
  /** When the answer came (unix s): a running session's duration counts to it. */ asOf: number;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const countryName = countryNamer(lang);
  return (
    <DataTable
      value={sessions}
      dataKey="key"
      className={CARD_TABLE}
      size="small"
      stripedRows
      emptyMessage={t('simUsage.noSessions')}
      data-testid="sim-sessions"
      aria-label={t('simUsage.sessions')}
    >
      <Column {...cardColumn('title', t('simUsage.start'))} body={(s: UsageSession) => formatUnixDate(s.start, lang)} />
      <Column
        {...cardColumn('status', t('simUsage.end'))}
        body={(s: UsageSession) =>
          s.end === null ? <Tag value={t('simUsage.running')} severity="success" /> : formatUnixDate(s.end, lang)
        }
      />
      <Column {...cardColumn('field', t('simUsage.duration'))} body={(s: UsageSession) => sessionDuration(s, asOf)} />
      <Column {...cardColumn('field', t('simUsage.up'))} body={(s: UsageSession) => formatBytes(s.bytes_up, lang)} />
      <Column
        {...cardColumn('field', t('simUsage.down'))}
        body={(s: UsageSession) => formatBytes(s.bytes_down, lang)}
      />
      <Column
        {...cardColumn('wide', t('simUsage.network'))}
        body={(s: UsageSession) => networkLabel(s, countryName, t('simUsage.unknownOperator'))}
      />
      <Column {...cardColumn('field', t('simUsage.rat'))} body={(s: UsageSession) => s.rat ?? '—'} />
      <Column
        {...cardColumn('field', t('simUsage.imei'))}
        body={(s: UsageSession) => <span className="mono">{s.imei ?? '—'}</span>}
      />
    </DataTable>
  );
}
