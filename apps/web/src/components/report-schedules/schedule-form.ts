import { z } from 'zod';
import { Email } from '@cab/contract/common';
import { GENERATED_REPORT_FORMATS, type GeneratedReportKind } from '@cab/contract/generated-reports';
import {
  REPORT_SCHEDULE_CADENCES,
  REPORT_SCHEDULE_MAX_RECIPIENTS,
  type ReportSchedule,
  type ReportScheduleCreateRequest,
} from '@cab/contract/report-schedules';
import { splitRecipients } from './cadence-text';

/**
 * The schedule dialog's values: the contract's bounds, with recipients typed as text (one per line
 * or comma-separated). Messages are keys under `reportSchedules.errors`.
 */
export const scheduleFormSchema = z.object({
  format: z.enum(GENERATED_REPORT_FORMATS),
  cadence: z.enum(REPORT_SCHEDULE_CADENCES),
  weekday: z.number().int().min(1).max(7),
  month_day: z.number().int().min(1).max(31),
  hour: z.number().int().min(0).max(23),
  recipients: z
    .string()
    .max(REPORT_SCHEDULE_MAX_RECIPIENTS * 256, 'recipientsTooMany')
    .transform((text, ctx) => {
      const list = splitRecipients(text);
      const problem =
        list.length === 0
          ? 'recipientsRequired'
          : list.length > REPORT_SCHEDULE_MAX_RECIPIENTS
            ? 'recipientsTooMany'
            : list.some((address) => !Email.safeParse(address).success)
              ? 'recipientsInvalid'
              : new Set(list.map((a) => a.toLowerCase())).size < list.length
                ? 'recipientsDuplicate'
                : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
      return list;
    }),
});
export type ScheduleFormValues = z.input<typeof scheduleFormSchema>;
type ScheduleFormOutput = z.output<typeof scheduleFormSchema>;

export function formValuesOf(schedule: ReportSchedule | null, defaultRecipient: string): ScheduleFormValues {
  if (!schedule) return { format: 'xlsx', cadence: 'weekly', weekday: 1, month_day: 1, hour: 6, recipients: defaultRecipient };
  return {
    format: schedule.format,
    cadence: schedule.cadence,
    weekday: schedule.weekday ?? 1,
    month_day: schedule.month_day ?? 1,
    hour: schedule.hour,
    recipients: schedule.recipients.join('\n'),
  };
}

/** The request for the API: only the day field the cadence uses. */
export function toScheduleRequest(
  values: ScheduleFormOutput,
  report: { kind: GeneratedReportKind; request: Record<string, unknown> },
): ReportScheduleCreateRequest {
  return {
    kind: report.kind,
    request: report.request,
    format: values.format,
    cadence: values.cadence,
    weekday: values.cadence === 'weekly' ? values.weekday : null,
    month_day: values.cadence === 'monthly' ? values.month_day : null,
    hour: values.hour,
    recipients: values.recipients,
  };
}

/** What a report's on-screen request becomes in a schedule: no paging and no dates (each run has its own). */
export function scheduledRequestOf(request: unknown): Record<string, unknown> {
  if (typeof request !== 'object' || request === null) return {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request)) if (!['page', 'size', 'from', 'to', 'format'].includes(key)) rest[key] = value;
  return rest;
}
