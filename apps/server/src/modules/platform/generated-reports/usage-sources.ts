import type { Lang } from '@cab/contract/constants';
import type { GeneratedReportKind } from '@cab/contract/generated-reports';
import { ReportRequest, type ReportKind, type ReportQuery } from '@cab/contract/reports';
import type { z } from 'zod';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError, type FieldProblem } from '../../../http/errors.js';
import { countReportRows, prepareReport, reportColumns, type ReportColumnType, reportCsvLines, reportRows, type ReportScope } from '../../sims/reports/index.js';
import { findCompanyNames, findGroupName } from './repository.js';
import type { ReportColumn, ReportSource, SourceParams } from './sources.js';

type Texts = Record<Lang, string>;

const TITLES: Record<ReportKind, Texts> = {
  day: { ru: 'По дням', en: 'By day' },
  sessions: { ru: 'Сессии', en: 'Sessions' },
  call_sms: { ru: 'Звонки и SMS', en: 'Calls and SMS' },
};

const COLUMN_TYPES: Record<ReportColumnType, ReportColumn['type']> = {
  text: 'text',
  int: 'integer',
  bytes: 'integer',
  seconds: 'integer',
  money: 'decimal',
  date: 'date',
  datetime: 'datetime',
};

const WIDTHS: Partial<Record<string, number>> = {
  iccid: 22,
  msisdn: 16,
  started: 20,
  ended: 20,
  peer: 16,
  operator: 18,
};

/** A zod failure as the API's field errors (`filter.csv`, `to`, …). */
function fieldErrors(error: z.ZodError): AppError {
  const fields: Record<string, FieldProblem> = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.') || 'request';
    fields[name] ??=
      issue.code === 'too_big'
        ? 'tooLong'
        : issue.code === 'invalid_type' && issue.input === undefined
          ? 'required'
          : 'invalid';
  }
  return new AppError('validation_failed', fields);
}

const SUMMARY = {
  query: { ru: 'поиск «{v}»', en: 'search “{v}”' },
  profile: { ru: 'профиль {v}', en: 'profile {v}' },
  group: { ru: 'группа «{v}»', en: 'group “{v}”' },
  company: { ru: 'компании: {v}', en: 'companies: {v}' },
  childs: { ru: 'с дочерними компаниями', en: 'with child companies' },
  csv: { ru: 'CSV: {v} SIM', en: 'CSV: {v} SIMs' },
  bySim: { ru: 'по каждой SIM', en: 'per SIM' },
  sms: { ru: 'только SMS', en: 'SMS only' },
  call: { ru: 'только звонки', en: 'calls only' },
  in: { ru: 'входящие', en: 'incoming' },
  out: { ru: 'исходящие', en: 'outgoing' },
} satisfies Record<string, Texts>;

const fill = (text: string, value: string | number) => text.replace('{v}', String(value));

/** A short description of the filter for the downloads list, in the caller's language. */
async function summarize(db: Db, query: ReportQuery, scope: ReportScope, lang: Lang): Promise<string> {
  const parts: string[] = [];
  const { filter } = query;
  if (filter.query?.trim()) parts.push(fill(SUMMARY.query[lang], filter.query.trim().slice(0, 40)));
  if (filter.profile) parts.push(fill(SUMMARY.profile[lang], filter.profile));
  if (filter.group !== undefined) {
    const group = await findGroupName(db, filter.group);
    parts.push(fill(SUMMARY.group[lang], (group ?? String(filter.group)).slice(0, 40)));
  }
  if (filter.company?.length) {
    const names = await findCompanyNames(db, filter.company, 3);
    const more = filter.company.length > names.length ? ` +${filter.company.length - names.length}` : '';
    parts.push(fill(SUMMARY.company[lang], names.map((name) => name.slice(0, 40)).join(', ') + more));
  }
  if (filter.childs) parts.push(SUMMARY.childs[lang]);
  if (scope.csv)
    parts.push(fill(SUMMARY.csv[lang], (scope.csv.iccids.length + scope.csv.numbers.length).toLocaleString('en-GB')));
  if (query.kind === 'day' && query.by_sim) parts.push(SUMMARY.bySim[lang]);
  if (query.kind === 'call_sms' && query.type) parts.push(SUMMARY[query.type][lang]);
  if (query.kind === 'call_sms' && query.direction) parts.push(SUMMARY[query.direction][lang]);
  return parts.join('; ').slice(0, 300);
}

interface UsageParams {
  query: ReportQuery;
  scope: ReportScope;
}

function usageSource(kind: ReportKind): ReportSource {
  return {
    kind,
    fileStem: kind === 'call_sms' ? 'calls-sms' : kind,
    title: TITLES[kind],
    async check(db: Db, principal: Principal, request: unknown, lang: Lang) {
      const parsed = ReportRequest.safeParse({ ...(request as object), kind });
      if (!parsed.success) throw fieldErrors(parsed.error);
      const query = parsed.data;
      const { range, scope } = await prepareReport(db, principal, query);
      const params: UsageParams = { query, scope };
      return {
        params: params as unknown as SourceParams,
        filter: await summarize(db, query, scope, lang),
        from: range.from,
        to: range.to,
      };
    },
    open(db: Db, params: SourceParams) {
      const { query, scope } = params as unknown as UsageParams;
      const columns = reportColumns(kind, { bySim: query.kind === 'day' && query.by_sim }).map((c) => ({
        key: c.key,
        header: c.title,
        type: COLUMN_TYPES[c.type],
        ...(WIDTHS[c.key] ? { width: WIDTHS[c.key] } : {}),
      }));
      return Promise.resolve({
        columns,
        count: () => countReportRows(db, scope, query),
        rows: () => reportRows(db, scope, query),
        ...(query.kind === 'day' ? {} : { csvLines: () => reportCsvLines(db, scope, query) }),
      });
    },
  };
}

/** The three usage reports of /report/*: the same filter, dates and rows as on screen. */
export const USAGE_REPORT_SOURCES: ReportSource[] = (
  ['day', 'sessions', 'call_sms'] as const satisfies readonly GeneratedReportKind[]
).map(usageSource);
