import { SIM_PROFILES, type SimProfile } from '@cab/contract/constants';
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

/** A report's filter, range, sort and page as they live in the URL, so a link reproduces the report. */
export interface ReportState {
  query: string;
  profile: SimProfile | null;
  company: number | null;
  childs: boolean;
  group: number | null;
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

export const SORT_COLUMNS: Record<ReportKind, readonly string[]> = {
  day: DAY_SORT_COLUMNS,
  sessions: SESSIONS_SORT_COLUMNS,
  call_sms: CALL_SMS_SORT_COLUMNS,
};

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value !== null && DATE_RE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null);
const positive = (value: string | null) => (value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);

export function parseReportState(params: URLSearchParams, kind: ReportKind): ReportState {
  const size = positive(params.get('size'));
  const sort = params.get('sort');
  const type = params.get('type');
  const direction = params.get('direction');
  return {
    query: (params.get('query') ?? '').slice(0, 100),
    profile: SIM_PROFILES.find((p) => p === params.get('profile')) ?? null,
    company: positive(params.get('company')),
    childs: params.get('childs') === '1',
    group: positive(params.get('group')),
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: positive(params.get('page')) ?? 1,
    size: size !== null && size <= REPORT_PAGE_SIZE_MAX ? size : REPORT_PAGE_SIZE,
    sort: sort !== null && SORT_COLUMNS[kind].includes(sort) ? sort : null,
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    bySim: kind === 'day' && params.get('by_sim') === '1',
    type: kind === 'call_sms' && (type === 'sms' || type === 'call') ? type : null,
    direction: kind === 'call_sms' && (direction === 'in' || direction === 'out') ? direction : null,
  };
}

/** Only what differs from the defaults, so links stay short. */
export function writeReportState(state: ReportState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query.trim()) params.set('query', state.query.trim());
  if (state.profile) params.set('profile', state.profile);
  if (state.company !== null) params.set('company', String(state.company));
  if (state.childs) params.set('childs', '1');
  if (state.group !== null) params.set('group', String(state.group));
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.size !== REPORT_PAGE_SIZE) params.set('size', String(state.size));
  if (state.sort) params.set('sort', state.sort);
  if (state.dir !== 'desc') params.set('dir', state.dir);
  if (state.bySim) params.set('by_sim', '1');
  if (state.type) params.set('type', state.type);
  if (state.direction) params.set('direction', state.direction);
  return params;
}

export function toReportFilter(state: ReportState, csv: string | null): ReportFilter {
  return {
    ...(state.query.trim() ? { query: state.query.trim() } : {}),
    ...(state.profile ? { profile: state.profile } : {}),
    ...(state.company !== null ? { company: [state.company] } : {}),
    ...(state.childs ? { childs: true } : {}),
    ...(state.group !== null ? { group: state.group } : {}),
    ...(csv ? { csv } : {}),
  };
}

/** The request body of a report page (the server checks the same rules again). */
export function toReportRequest(kind: ReportKind, state: ReportState, csv: string | null) {
  return {
    filter: toReportFilter(state, csv),
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
export function reportProblem(state: ReportState, csv: string | null): RangeProblem | null {
  if (!reportFilterGiven(toReportFilter(state, csv)) || !state.from || !state.to) return 'empty';
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

/** YYYY-MM-DD ↔ the date pickers' local midnight. */

/** Seconds as h:mm:ss (or m:ss under an hour). */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
