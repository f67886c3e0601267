import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Skeleton } from 'primereact/skeleton';
import { useTranslation } from 'react-i18next';
import type { SimulatedCall } from '@cab/contract/tools';
import { formatUnixDate } from '@/lib/format-date';
import { simulatedCallsQueryOptions } from '../../api/tools-api';
import { QueryStates } from '@/components/query-states';

/** What the telephony simulator "rang": how a demo operator reads a registration's phone code. */
export function TelephonyTab() {
  const { t, i18n } = useTranslation();
  const calls = useQuery(simulatedCallsQueryOptions);
  return (
    <section className="card tools-card" aria-labelledby="telephony-title" data-testid="telephony-card">
      <div className="tools-card__head">
        <h2 id="telephony-title">{t('tools.telephony.title')}</h2>
        <Button
          icon="pi pi-refresh"
          text
          rounded
          aria-label={t('tools.telephony.refresh')}
          loading={calls.isFetching}
          onClick={() => void calls.refetch()}
          data-testid="telephony-refresh"
        />
      </div>
      <p className="tools-card__text">{t('tools.telephony.text')}</p>
      <QueryStates query={calls} pending={<Skeleton height="8rem" />}>
        {(data) => (
          <DataTable value={data.items} dataKey="id" size="small" stripedRows emptyMessage={t('tools.telephony.empty')} data-testid="telephony-calls">
            <Column header={t('tools.telephony.columns.added')} body={(call: SimulatedCall) => formatUnixDate(call.added, i18n.language)} />
            <Column field="phone" header={t('tools.telephony.columns.phone')} />
            <Column header={t('tools.telephony.columns.direction')} body={(call: SimulatedCall) => t(`tools.telephony.directions.${call.direction}`)} />
            <Column field="number" header={t('tools.telephony.columns.number')} />
            <Column header={t('tools.telephony.columns.code')} body={(call: SimulatedCall) => <strong className="tools-code">{call.code}</strong>} />
          </DataTable>
        )}
      </QueryStates>
    </section>
  );
}
