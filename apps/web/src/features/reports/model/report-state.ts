import { SIM_LABEL_MAX_LENGTH, SIM_LABEL_PATTERN, SIM_PROFILES, type SimProfile } from '@cab/contract/constants';
import {
  CALL_SMS_SORT_COLUMNS,
  DAY_SORT_COLUMNS,
  REPORT_PAGE_SIZE,
  REPORT_PAGE_SIZE_MAX,
  REPORT_RANGE_MAX_DAYS,
  SESSIONS_SORT_COLUMNS,
  rangeDays,
  reportFilterGiven,
  type ReportFilter,
  type ReportKind,
} from '@cab/contract/reports';
import { flag, id, matching, oneOf, pageIndex, pageSizeOf, text, urlState, type UrlField, type UrlState } from '@/lib/url-state';

/** A report's filter, range, sort and page as they live in the URL, so a link reproduces the report. */
export interface ReportState {
  query: string;
  profile: SimProfile | null;
  /** null: the user's own company (the default, kept out of the URL); 'none': no company named. */
  company: CompanyChoice;
  childs: boolean;
  group: number | null;
  /** Only SIMs with this label (issue 25.6); '' for any. */
  label: string;
  /** YYYY-MM-DD (UTC days), both included. */
  from: string | null;
  to: string | null;
  /** One-based, like the UI. */
  page: number;
  size: number;
  sort: string | null;
  dir: 'asc' | 'desc';
  /** Day report: one row per SIM and day. */
  bySim: boolean;
  /** call_sms: only SMS or only calls, only in or out. */
  type: 'sms' | 'call' | null;
  direction: 'in' | 'out' | null;
}

/** A company id, none named ('none'), or null: the user's own company, the default. */
export type CompanyChoice = number | typeof NO_COMPANY | null;
export const NO_COMPANY = 'none';

/** Rows a page by default: the day report shows a 30- or 31-day range whole. */
export const DEFAULT_PAGE_SIZE: Record<ReportKind, number> = { day: 50, sessions: REPORT_PAGE_SIZE, call_sms: REPORT_PAGE_SIZE };

export const SORT_COLUMNS: Record<ReportKind, readonly string[]> = {
  day: DAY_SORT_COLUMNS,
  sessions: SESSIONS_SORT_COLUMNS,
  call_sms: CALL_SMS_SORT_COLUMNS,
};

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A UTC day, YYYY-MM-DD, or null. */
const day: UrlField<string | null> = {
  read: (raw) => (raw !== null && DATE_RE.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ? raw : null),
  write: (value) => value,
};
/** The Company filter: absent is the own company, so a link without it follows whoever opens it. */
const companyChoice: UrlField<CompanyChoice> = {
  read: (raw) => (raw === NO_COMPANY ? NO_COMPANY : id.read(raw)),
  write: (value) => (value === NO_COMPANY ? NO_COMPANY : id.write(value)),
};
/** Reports sort newest or largest first unless asked otherwise. */
const sortType: UrlField<'asc' | 'desc'> = {
  read: (raw) => (raw === 'asc' ? 'asc' : 'desc'),
  write: (value) => value,
};
/** A field only one kind of report has: elsewhere it is always `fallback` and never in the URL. */
const onlyFor = <T>(has: boolean, field: UrlField<T>, fallback: T): UrlField<T> =>
  has ? field : { read: () => fallback, write: () => null };

function reportUrlState(kind: ReportKind): UrlState<ReportState> {
  return urlState<ReportState>(
    {
      query: text(100),
      profile: oneOf(SIM_PROFILES),
      company: companyChoice,
      childs: flag,
      group: id,
      label: matching(SIM_LABEL_PATTERN, (raw) => (raw.length <= SIM_LABEL_MAX_LENGTH ? raw : '')),
      from: day,
      to: day,
      page: pageIndex,
      size: pageSizeOf(DEFAULT_PAGE_SIZE[kind], REPORT_PAGE_SIZE_MAX),
      sort: oneOf(SORT_COLUMNS[kind]),
      dir: sortType,
      bySim: onlyFor(kind === 'day', flag, false),
      type: onlyFor(kind === 'call_sms', oneOf(['sms', 'call'] as const), null),
      direction: onlyFor(kind === 'call_sms', oneOf(['in', 'out'] as const), null),
    },
    // The spec's list names in the URL, as on every list page; the order is written with its column.
    { names: { page: 'pageIndex', size: 'pageSize', sort: 'sortColumn', dir: 'sortType', bySim: 'by_sim' }, companions: { dir: 'sort' } },
  );
}

/** Each report kind's state in the URL (lib/url-state), so a link reproduces the report. */
export const REPORT_URL: Record<ReportKind, UrlState<ReportState>> = {
  day: reportUrlState('day'),
  sessions: reportUrlState('sessions'),
  call_sms: reportUrlState('call_sms'),
};

/** The company a report is on: the one chosen, or the own one by default (null while not known, or none named). */
export function reportCompany(state: ReportState, ownCompany: number | null): number | null {
  if (state.company === NO_COMPANY) return null;
  return state.company ?? ownCompany;
}

/** `ownCompany`: the user's own company among those it may report on (null for an agent: its agency has no SIMs). */
export function toReportFilter(state: ReportState, csv: string | null, ownCompany: number | null): ReportFilter {
  const company = reportCompany(state, ownCompany);
  return {
    ...(state.query.trim() ? { query: state.query.trim() } : {}),
    ...(state.profile ? { profile: state.profile } : {}),
    ...(company !== null ? { company: [company] } : {}),
    ...(state.childs ? { childs: true } : {}),
    ...(state.group !== null ? { group: state.group } : {}),
    ...(state.label ? { label: state.label } : {}),
    ...(csv ? { csv } : {}),
  };
}

/** The request body of a report page (the server checks the same rules again). */
export function toReportRequest(kind: ReportKind, state: ReportState, csv: string | null, ownCompany: number | null) {
  return {
    filter: toReportFilter(state, csv, ownCompany),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
    page: state.page - 1,
    size: state.size,
    ...(state.sort ? { sort: { column: state.sort, direction: state.dir } } : {}),
    ...(kind === 'day' ? { by_sim: state.bySim } : {}),
    ...(kind === 'call_sms' && state.type ? { type: state.type } : {}),
    ...(kind === 'call_sms' && state.direction ? { direction: state.direction } : {}),
  };
}

export type RangeProblem = 'empty' | 'reversed' | 'tooLong';

/** The spec's rule, checked before asking: a filter and both dates, in order, at most 366 days. */
export function reportProblem(state: ReportState, csv: string | null, ownCompany: number | null): RangeProblem | null {
  if (!reportFilterGiven(toReportFilter(state, csv, ownCompany)) || !state.from || !state.to) return 'empty';
  const days = rangeDays(state.from, state.to);
  if (!(days >= 1)) return 'reversed';
  if (days > REPORT_RANGE_MAX_DAYS) return 'tooLong';
  return null;
}

export const PRESETS = ['today', 'days7', 'days30', 'thisMonth', 'lastMonth'] as const;
export type Preset = (typeof PRESETS)[number];

const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The range of a preset, in UTC days, relative to `now`. */
export function presetRange(preset: Preset, now = new Date()): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayMs = 86_400_000;
  switch (preset) {
    case 'today':
      return { from: iso(today), to: iso(today) };
    case 'days7':
      return { from: iso(today - 6 * dayMs), to: iso(today) };
    case 'days30':
      return { from: iso(today - 29 * dayMs), to: iso(today) };
    case 'thisMonth':
      return { from: iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), to: iso(today) };
    case 'lastMonth':
      return {
        from: iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)),
        to: iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)),
      };
  }
}

/** Seconds as h:mm:ss (or m:ss under an hour). */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
