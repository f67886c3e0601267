import './report-schedules.css';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { GeneratedReportKind } from '@cab/contract/generated-reports';
import { REPORT_SCHEDULE_MAX_RECIPIENTS, type ReportSchedule } from '@cab/contract/report-schedules';
import { Form } from '@/components/form/form';
import { NativeSelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { showSuccessToast } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { useMe } from '@/lib/me-query';
import { toastError } from '@/lib/toast-bus';
import { describeCadence, hourText, weekdayName } from './cadence-text';
import { useSaveSchedule } from './report-schedules-api';
import { formValuesOf, scheduleFormSchema, toScheduleRequest, type ScheduleFormValues } from './schedule-form';

/** What to schedule: a new schedule of a report (its kind and on-screen request), or an existing one to edit. */
export type ScheduleTarget = { kind: GeneratedReportKind; request: Record<string, unknown> } | { schedule: ReportSchedule };

const asNumber = { valueAsNumber: true } as const;

/** The dialog of a schedule: cadence, day, UTC hour, format and recipients. */
export function ScheduleDialog({ target, onHide }: { target: ScheduleTarget | null; onHide: () => void }) {
  const { t } = useTranslation();
  const editing = target !== null && 'schedule' in target;
  return (
    <Dialog
      visible={target !== null}
      onHide={onHide}
      header={t(editing ? 'reportSchedules.editTitle' : 'reportSchedules.createTitle')}
      style={{ width: '34rem' }}
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      modal
      data-testid="schedule-dialog"
    >
      {target && <ScheduleForm target={target} onHide={onHide} />}
    </Dialog>
  );
}

function ScheduleForm({ target, onHide }: { target: ScheduleTarget; onHide: () => void }) {
  const { t, i18n } = useTranslation();
  const me = useMe().data?.user;
  const existing = 'schedule' in target ? target.schedule : null;
  const report = existing ? { kind: existing.kind, request: existing.request } : (target as Exclude<ScheduleTarget, { schedule: ReportSchedule }>);
  const form = useZodForm(scheduleFormSchema, { defaultValues: formValuesOf(existing, me?.email ?? '') });
  const [cadence, weekday, monthDay, hour] = useWatch({ control: form.control, name: ['cadence', 'weekday', 'month_day', 'hour'] });
  const onError = (error: ApiError) => {
    const recipients = Object.entries(error.fields ?? {}).find(([name]) => name.startsWith('recipients'));
    if (recipients) form.setError('recipients', { type: 'server', message: recipients[1] });
    else toastError(error);
  };
  const save = useSaveSchedule(onError);
  const submit = (values: Parameters<typeof toScheduleRequest>[0]) => {
    const request = toScheduleRequest(values, report);
    save.mutate(existing ? { ...request, id: existing.id, paused: existing.paused } : request, {
      onSuccess: () => {
        showSuccessToast({ key: 'reportSchedules.saved' });
        onHide();
      },
    });
  };
  const lang = i18n.language;
  const numbers = (from: number, to: number, label: (n: number) => string) =>
    Array.from({ length: to - from + 1 }, (_, i) => ({ value: from + i, label: label(from + i) }));
  return (
    <Form form={form} onSubmit={submit} errorKeys="reportSchedules.errors" errorValues={{ max: REPORT_SCHEDULE_MAX_RECIPIENTS }} className="schedule-form" testId="schedule-form">
      <p className="schedule-form__report">
        <strong>{t(`generatedReports.kinds.${report.kind}`)}</strong>
        {existing?.filter ? <span> · {existing.filter}</span> : null}
      </p>
      <div className="schedule-form__row">
        <NativeSelectField<ScheduleFormValues, string>
          name="cadence"
          id="schedule-cadence"
          label={t('reportSchedules.cadence')}
          options={(['daily', 'weekly', 'monthly'] as const).map((c) => ({ value: c, label: t(`reportSchedules.cadences.${c}`) }))}
          testId="schedule-cadence"
        />
        {cadence === 'weekly' && (
          <NativeSelectField<ScheduleFormValues, number>
            name="weekday"
            id="schedule-weekday"
            label={t('reportSchedules.weekday')}
            options={numbers(1, 7, (d) => weekdayName(d, lang))}
            registerOptions={asNumber}
            testId="schedule-weekday"
          />
        )}
        {cadence === 'monthly' && (
          <NativeSelectField<ScheduleFormValues, number>
            name="month_day"
            id="schedule-month-day"
            label={t('reportSchedules.monthDay')}
            options={numbers(1, 31, String)}
            registerOptions={asNumber}
            testId="schedule-month-day"
          />
        )}
        <NativeSelectField<ScheduleFormValues, number>
          name="hour"
          id="schedule-hour"
          label={t('reportSchedules.hour')}
          options={numbers(0, 23, hourText)}
          registerOptions={asNumber}
          testId="schedule-hour"
        />
        <NativeSelectField<ScheduleFormValues, string>
          name="format"
          id="schedule-format"
          label={t('reportSchedules.format')}
          options={[
            { value: 'xlsx', label: 'Excel (XLSX)' },
            { value: 'csv', label: 'CSV' },
          ]}
          testId="schedule-format"
        />
      </div>
      <p className="schedule-form__summary" data-testid="schedule-summary">
        {describeCadence({ cadence, weekday, month_day: monthDay, hour }, t, lang)}
        {report.kind !== 'sims' && <> · {t(`reportSchedules.period.${cadence}`)}</>}
      </p>
      <TextAreaField<ScheduleFormValues>
        name="recipients"
        id="schedule-recipients"
        label={t('reportSchedules.recipients')}
        hint={t('reportSchedules.recipientsHint', { max: REPORT_SCHEDULE_MAX_RECIPIENTS })}
        rows={3}
        maxLength={REPORT_SCHEDULE_MAX_RECIPIENTS * 256}
        autoResize
        testId="schedule-recipients"
      />
      <div className="schedule-form__actions">
        <Button type="button" label={t('reportSchedules.cancel')} text onClick={onHide} />
        <Button type="submit" label={t('reportSchedules.save')} icon="pi pi-check" loading={save.isPending} data-testid="schedule-save" />
      </div>
    </Form>
  );
}
