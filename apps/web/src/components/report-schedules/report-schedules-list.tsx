import './report-schedules.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Tag } from 'primereact/tag';
import type { ReportSchedule } from '@cab/contract/report-schedules';
import { QueryStates } from '@/components/query-states';
import { showSuccessToast } from '@/lib/api';
import { formatUnixDate } from '@/lib/format-date';
import { useCan } from '@/lib/use-can';
import { describeCadence } from './cadence-text';
import { useDeleteSchedule, useReportSchedules, useRunScheduleNow, useSaveSchedule } from './report-schedules-api';
import { ScheduleDialog, type ScheduleTarget } from './schedule-dialog';
import { toastError } from '@/lib/toast-bus';

/**
 * The company's report schedules (on Downloads): what each sends, when and to whom, how its last run
 * ended; with edit, pause or resume, run now and delete (confirmed) for those who may generate files.
 * Cards rather than a table, so a phone shows them without sideways scrolling.
 */
export function ReportSchedulesList() {
  const { t, i18n } = useTranslation();
  const list = useReportSchedules();
  const mayManage = useCan('reports.run');
  const [target, setTarget] = useState<ScheduleTarget | null>(null);
  const remove = useDeleteSchedule();
  const runNow = useRunScheduleNow();
  const save = useSaveSchedule(toastError);
  const lang = i18n.language;
  const kindOf = (s: ReportSchedule) => t(`generatedReports.kinds.${s.kind}`);

  const askDelete = (s: ReportSchedule) =>
    confirmDialog({
      header: t('reportSchedules.confirmDelete.title'),
      message: t('reportSchedules.confirmDelete.text', { kind: kindOf(s), cadence: describeCadence(s, t, lang) }),
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('reportSchedules.delete'),
      rejectLabel: t('reportSchedules.confirmDelete.keep'),
      defaultFocus: 'reject',
      accept: () => remove.mutate(s.id, { onSuccess: () => showSuccessToast({ key: 'reportSchedules.deleted' }) }),
    });
  const togglePause = (s: ReportSchedule) => {
    const { id, kind, format, request, cadence, weekday, month_day, hour, recipients } = s;
    save.mutate(
      { id, kind, format, request, cadence, weekday, month_day, hour, recipients, paused: !s.paused },
      { onSuccess: () => showSuccessToast({ key: s.paused ? 'reportSchedules.resumed' : 'reportSchedules.paused' }) },
    );
  };
  const run = (s: ReportSchedule) => runNow.mutate(s.id, { onSuccess: () => showSuccessToast({ key: 'reportSchedules.runStarted' }) });

  return (
    <section className="schedules" aria-labelledby="schedules-title" data-testid="schedules">
      <h2 id="schedules-title" className="schedules__title">
        {t('reportSchedules.title')}
      </h2>
      <p className="schedules__hint">{t('reportSchedules.hint')}</p>
      <QueryStates
        query={list}
        rows={2}
        isEmpty={(data) => data.total === 0}
        empty={<p className="schedules__empty" data-testid="schedules-empty">{t('reportSchedules.empty')}</p>}
      >
        {(data) => (
          <ul className="schedules__list">
            {data.items.map((s) => (
              <li key={s.id} className="schedules__card" data-testid="schedule-card">
                <div className="schedules__head">
                  <strong>
                    {kindOf(s)} <span className="schedules__format">{s.format.toUpperCase()}</span>
                  </strong>
                  {s.paused && <Tag value={t('reportSchedules.pausedTag')} severity="warning" />}
                  {s.last_run && (
                    <Tag
                      value={t(`reportSchedules.lastStates.${s.last_run.state}`)}
                      severity={s.last_run.state === 'failed' ? 'danger' : 'success'}
                    />
                  )}
                </div>
                <span data-testid="schedule-cadence-text">{describeCadence(s, t, lang)}</span>
                {s.filter && <small className="schedules__muted">{s.filter}</small>}
                <small className="schedules__recipients">{s.recipients.join(', ')}</small>
                <dl className="schedules__facts">
                  <dt>{t('reportSchedules.nextRun')}</dt>
                  <dd>{s.next_run === null ? '—' : formatUnixDate(s.next_run, lang)}</dd>
                  <dt>{t('reportSchedules.lastRun')}</dt>
                  <dd data-testid="schedule-last-run">
                    {s.run_pending ? t('reportSchedules.runPending') : s.last_run ? formatUnixDate(s.last_run.at, lang) : t('reportSchedules.never')}
                  </dd>
                </dl>
                {mayManage && (
                  <div className="schedules__actions">
                    <Button type="button" icon="pi pi-pencil" label={t('reportSchedules.edit')} size="small" text onClick={() => setTarget({ schedule: s })} data-testid="schedule-edit" />
                    <Button
                      type="button"
                      icon={s.paused ? 'pi pi-play' : 'pi pi-pause'}
                      label={t(s.paused ? 'reportSchedules.resume' : 'reportSchedules.pause')}
                      size="small"
                      text
                      onClick={() => togglePause(s)}
                      data-testid="schedule-pause"
                    />
                    <Button type="button" icon="pi pi-send" label={t('reportSchedules.runNow')} size="small" text disabled={s.run_pending} onClick={() => run(s)} data-testid="schedule-run" />
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      label={t('reportSchedules.delete')}
                      severity="danger"
                      size="small"
                      text
                      onClick={() => askDelete(s)}
                      data-testid="schedule-delete"
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      <ScheduleDialog target={target} onHide={() => setTarget(null)} />
    </section>
  );
}
