import { LANGS, type Lang } from '@cab/contract/constants';
import { ROLES } from '@cab/contract/roles';
import {
  nextRunAfter,
  REPORT_SCHEDULE_ATTACHMENT_MAX_BYTES,
  REPORT_SCHEDULE_CADENCES,
  type ReportScheduleRunState,
} from '@cab/contract/report-schedules';
import { GENERATED_REPORT_FORMATS } from '@cab/contract/generated-reports';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Readable } from 'node:stream';
import type { Principal } from '../../../auth/principal.js';
import type { Mailer, MailAttachment } from '../../../delivery/mail.js';
import { AppError } from '../../../http/errors.js';
import { fillTemplate } from '../../../http/messages.js';
import { describeError } from '../../../log/loggable-error.js';
import {
  createGeneratedReport,
  downloadName,
  findReport,
  reportSource,
  runGeneration,
  type GeneratedReportRow,
  type GeneratedReportsDeps,
  type ReportRunnerDeps,
} from '../generated-reports/index.js';
import * as repo from './repository.js';
import { requestForRun } from './service.js';
import { SCHEDULE_MAIL_ATTACHED, SCHEDULE_MAIL_LINKED, SCHEDULE_MAIL_PERIOD, SCHEDULE_MAIL_SUBJECT } from './texts.js';

export interface ScheduleRunnerDeps extends GeneratedReportsDeps, ReportRunnerDeps {
  mailer: Mailer;
  /** Where the mail's Downloads link points (PUBLIC_URL). */
  publicUrl: string;
  /** Files up to this size are attached (REPORT_SCHEDULE_ATTACHMENT_MAX_BYTES unless a test says otherwise). */
  attachmentMaxBytes?: number;
  log(message: string): void;
}

/** Runs one tick does at most; the rest wait for the next tick (or another worker). */
const RUNS_PER_TICK = 20;
const POLL_MS = 500;

/** The run was taken over by another worker (this one was too slow to renew its lease): it stops. */
class RunTakenOver extends Error {}

export const scheduleRunOwner = () => `${hostname()}:${process.pid}:${randomUUID()}`;

/**
 * Runs every schedule that is due or asked to run now, each under a lease (report_schedules): the
 * report is generated through the generated-report path (so the file is in Downloads), mailed, and
 * the schedule's next run set — once, whichever worker claims it; a dead worker's run is taken over
 * with the file it started. Returns how many runs this call claimed.
 */
export async function runDueSchedules(deps: ScheduleRunnerDeps, owner = scheduleRunOwner()): Promise<number> {
  let runs = 0;
  // One claim at a time: a claimed run is worked at once, so no lease waits unrenewed behind another run.
  for (; runs < RUNS_PER_TICK; runs++) {
    const [schedule] = await repo.claimDueSchedules(deps.db, owner, deps.staleSeconds, 1);
    if (!schedule) break;
    try {
      await runClaimed(deps, schedule, { companyId: schedule.company_id, id: schedule.id, owner });
    } catch (error) {
      if (error instanceof RunTakenOver) continue;
      deps.log(`report schedule ${schedule.id}: run failed: ${describeError(error)}`);
      await endRun(deps, schedule, { companyId: schedule.company_id, id: schedule.id, owner }, 'failed', null, describeError(error));
    }
  }
  return runs;
}

async function runClaimed(deps: ScheduleRunnerDeps, schedule: repo.ScheduleRow, run: repo.RunRef): Promise<void> {
  const reportId = schedule.run_report_id ?? (await startReport(deps, schedule, run));
  if (reportId === null) return;
  await runGeneration(deps, { companyId: run.companyId, reportId });
  const report = await waitForFile(deps, run, reportId);
  if (report.state !== 'ready') return endRun(deps, schedule, run, 'failed', reportId, `report ${report.state}`);
  // The last renewal before the mail: a worker that lost the run here sends nothing.
  if (!(await repo.renewLease(deps.db, run, deps.staleSeconds))) throw new RunTakenOver();
  const state = await mailReport(deps, schedule, report);
  await endRun(deps, schedule, run, state, reportId, null);
}

/** The author's rights as they are now: a run of a user who left or lost the right to report fails. */
async function runPrincipal(deps: ScheduleRunnerDeps, schedule: repo.ScheduleRow): Promise<Principal | null> {
  const author = await repo.findRunAuthor(deps.db, schedule.company_id, schedule.user_id);
  const role = ROLES.find((r) => r === author?.role);
  if (!author || !role) return null;
  return {
    kind: 'user',
    userId: schedule.user_id,
    companyId: schedule.company_id,
    role,
    sessionId: `report_schedule:${schedule.id}`,
    apiTokenId: null,
    impersonatorId: null,
    companyBlocked: author.company_blocked,
    registrationComplete: author.registration_complete,
    lang: LANGS.find((l) => l === author.lang) ?? 'ru',
  };
}

/**
 * Starts this run's file, recording it on the schedule in the same transaction, so a run taken over
 * later finds it. Null when the run was handed back (the company's queue is full: the next tick tries).
 */
async function startReport(deps: ScheduleRunnerDeps, schedule: repo.ScheduleRow, run: repo.RunRef): Promise<number | null> {
  const principal = await runPrincipal(deps, schedule);
  if (!principal) throw new Error('the schedule’s author can no longer run reports');
  const cadence = REPORT_SCHEDULE_CADENCES.find((c) => c === schedule.cadence) ?? 'daily';
  const format = GENERATED_REPORT_FORMATS.find((f) => f === schedule.format) ?? 'csv';
  const kind = reportSource(schedule.kind)?.kind;
  if (!kind) throw new Error(`no report source for kind ${schedule.kind}`);
  const request = requestForRun(kind, schedule.request, cadence, schedule.run_slot ?? new Date());
  try {
    const { id } = await createGeneratedReport(deps, principal, { kind, format, request }, langOf(schedule), async (tx, reportId) => {
      if (!(await repo.setRunReport(tx, run, reportId))) throw new RunTakenOver();
    });
    return id;
  } catch (error) {
    if (error instanceof AppError && error.code === 'queue_limit_reached') {
      await repo.releaseRun(deps.db, run);
      return null;
    }
    throw error;
  }
}

/** Waits while another worker (or this one) writes the file, keeping the run's lease alive. */
async function waitForFile(deps: ScheduleRunnerDeps, run: repo.RunRef, reportId: number): Promise<GeneratedReportRow> {
  for (let renewedAt = Date.now(); ; ) {
    const report = await findReport(deps.db, run.companyId, reportId);
    if (!report) throw new Error(`report ${reportId} is gone`);
    if (report.state !== 'writing') return report;
    if (Date.now() - renewedAt >= (deps.staleSeconds * 1000) / 4) {
      if (!(await repo.renewLease(deps.db, run, deps.staleSeconds))) throw new RunTakenOver();
      renewedAt = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

const langOf = (schedule: repo.ScheduleRow): Lang => LANGS.find((l) => l === schedule.lang) ?? 'ru';

/** Mails the file to every recipient: attached up to the bound, above it a link to Downloads. */
async function mailReport(deps: ScheduleRunnerDeps, schedule: repo.ScheduleRow, report: GeneratedReportRow): Promise<ReportScheduleRunState> {
  const lang = langOf(schedule);
  const source = reportSource(report.kind);
  const title = source?.title[lang] ?? report.kind;
  const maxBytes = deps.attachmentMaxBytes ?? REPORT_SCHEDULE_ATTACHMENT_MAX_BYTES;
  const bytes = report.bytes ?? (await deps.files.size(report.file_key)) ?? 0;
  let attachment: MailAttachment | null = null;
  if (bytes <= maxBytes) {
    const body = await deps.files.read(report.file_key);
    if (!body) throw new Error(`report ${report.id}: its file is gone`);
    attachment = {
      filename: downloadName(report, source?.fileStem ?? 'report'),
      content: await readAll(body),
      contentType: report.format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8',
    };
  }
  const period = report.period_from && report.period_to ? fillTemplate(SCHEDULE_MAIL_PERIOD[lang], { from: report.period_from, to: report.period_to }) : '';
  const values = {
    title,
    format: report.format.toUpperCase(),
    rows: (report.rows ?? 0).toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-GB'),
    filter: report.filter_summary || '—',
    link: `${deps.publicUrl}/generated_reports`,
    max: Math.floor(maxBytes / (1024 * 1024)) || 1,
  };
  const subject = fillTemplate(SCHEDULE_MAIL_SUBJECT[lang], { title, period });
  const text = fillTemplate((attachment ? SCHEDULE_MAIL_ATTACHED : SCHEDULE_MAIL_LINKED)[lang], values);
  for (const to of schedule.recipients) {
    await deps.mailer.send({
      to,
      subject,
      text,
      messageId: `<report-schedule-${schedule.id}-report-${report.id}-${encodeURIComponent(to)}@cabinet.local>`,
      ...(attachment ? { attachments: [attachment] } : {}),
    });
  }
  return attachment ? 'sent' : 'linked';
}

/** Ends the run and, for a regular one, sets the next run after both its slot and now (missed runs are not replayed). */
async function endRun(
  deps: ScheduleRunnerDeps,
  schedule: repo.ScheduleRow,
  run: repo.RunRef,
  state: ReportScheduleRunState,
  reportId: number | null,
  error: string | null,
): Promise<void> {
  const cadence = REPORT_SCHEDULE_CADENCES.find((c) => c === schedule.cadence) ?? 'daily';
  const timing = { cadence, weekday: schedule.weekday, month_day: schedule.month_day, hour: schedule.hour };
  const after = new Date(Math.max(schedule.run_slot?.getTime() ?? 0, Date.now()));
  const nextRunAt = schedule.run_slot ? nextRunAfter(timing, after) : null;
  await repo.finishRun(deps.db, run, { state, reportId, error: error?.slice(0, 500) ?? null, nextRunAt });
}
