import { numberIn, pageIndex, urlState, useUrlState } from '@/lib/url-state';
import { useCan } from '@/lib/use-can';
import { useTranslation } from 'react-i18next';
import { confirmDialog, ConfirmDialog } from 'primereact/confirmdialog';
import { Paginator } from 'primereact/paginator';
import { GENERATED_REPORT_TTL_DAYS, type GeneratedReport } from '@cab/contract/generated-reports';

import { EmptyState } from '@/components/empty-state';
import { useDeleteGeneratedReport, useGeneratedReports } from '@/components/generated-reports/generated-reports-api';
import { PageTitle } from '@/components/page-title';
import { ReportSchedulesList } from '@/components/report-schedules/report-schedules-list';
import { showSuccessToast } from '@/lib/api';
import { formatUnixDate } from '@/lib/format-date';
import { GeneratedReportsTable } from './generated-reports-table';
import '../generated-reports.css';
import { QueryStates } from '@/components/query-states';

const PAGE_SIZES = [25, 50, 100] as const;

/** The page in the URL (lib/url-state). */
const PAGE_URL = urlState({ pageIndex, pageSize: numberIn(PAGE_SIZES, 25) });

/** Route module /generated_reports (sidebar "downloads"): the company's generated report files. */
export function Component() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useUrlState(PAGE_URL);
  const { pageIndex, pageSize } = page;
  const list = useGeneratedReports({ page: pageIndex - 1, size: pageSize });
  const remove = useDeleteGeneratedReport();
  const canDelete = useCan('reports.run');
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  const askDelete = (file: GeneratedReport) =>
    confirmDialog({
      header: t('generatedReports.confirmDelete.title'),
      message: t('generatedReports.confirmDelete.text', {
        kind: t(`generatedReports.kinds.${file.kind}`),
        format: file.format.toUpperCase(),
        created: formatUnixDate(file.created, i18n.language),
      }),
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('generatedReports.delete'),
      rejectLabel: t('generatedReports.confirmDelete.keep'),
      defaultFocus: 'reject',
      accept: () => remove.mutate(file.id, { onSuccess: () => showSuccessToast({ key: 'generatedReports.deleted' }) }),
    });

  return (
    <div className="generated-page">
      <PageTitle>{t('pages.generatedReports')}</PageTitle>
      <p className="generated-page__hint">{t('generatedReports.hint', { days: GENERATED_REPORT_TTL_DAYS })}</p>
      <QueryStates
        query={list}
        card
        rows={5}
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState
            icon="pi-download"
            title={t('generatedReports.empty')}
            hint={t('generatedReports.emptyHint')}
            testId="generated-empty"
          />
        }
      >
        {() => (
          <>
            <GeneratedReportsTable
              items={items}
              loading={list.isFetching && !list.isPending}
              canDelete={canDelete}
              onDelete={askDelete}
            />
            {total > pageSize && (
              <Paginator
                first={(pageIndex - 1) * pageSize}
                rows={pageSize}
                totalRecords={total}
                rowsPerPageOptions={[...PAGE_SIZES]}
                onPageChange={(event) => setPage({ pageIndex: event.page + 1, pageSize: event.rows as (typeof PAGE_SIZES)[number] })}
              />
            )}
          </>
        )}
      </QueryStates>
      <ReportSchedulesList />
      <ConfirmDialog />
    </div>
  );
}
