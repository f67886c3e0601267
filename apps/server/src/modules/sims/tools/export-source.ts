import type { Lang } from '@cab/contract/constants';
import { SimExportRequest } from '@cab/contract/sim-tools';
import { sql } from 'drizzle-orm';
import { requirePermission, type Principal } from '../../../auth/principal.js';
import { queryRows, type Db } from '../../../db/client.js';
import { AppError, type FieldProblem } from '../../../http/errors.js';
import type { ReportColumn, ReportSource, SourceParams } from '../../platform/generated-reports/sources.js';
import type { CsvIdentifiers } from '../cards/csv-filter.js';
import { simWhere, type SimCriteria } from '../cards/list-query.js';
import type { SimListRow } from '../cards/repository.js';
import { resolveSimCriteria, toSimRow } from '../cards/service.js';
import { EXPORT_COLUMNS, EXPORT_HEADERS, exportCells } from './export-rows.js';

const BATCH = 5000;
/** The request of a background export: the list's filter (the order is by ICCID, which keyset paging needs). */
const SimsSourceRequest = SimExportRequest.omit({ format: true });

interface SimsParams extends SourceParams {
  scope: number[] | null;
  filter: SimCriteria['filter'];
  csv: CsvIdentifiers | null;
}

const TYPES: Partial<Record<(typeof EXPORT_COLUMNS)[number], ReportColumn['type']>> = {
  id: 'integer',
  msu: 'decimal',
  limit_mb: 'integer',
  balance: 'decimal',
};

const COLUMNS: ReportColumn[] = EXPORT_COLUMNS.map((key) => ({
  key,
  header: { ru: EXPORT_HEADERS.ru[key], en: EXPORT_HEADERS.en[key] },
  type: TYPES[key] ?? 'text',
  width: key === 'iccid' ? 22 : key === 'company' || key === 'name' ? 24 : 14,
}));

const SUMMARY = {
  all: { ru: 'все SIM-карты', en: 'all SIM cards' },
  query: { ru: 'поиск «{v}»', en: 'search “{v}”' },
  profile: { ru: 'профиль {v}', en: 'profile {v}' },
  blocked: { ru: 'блокировка: {v}', en: 'blocked: {v}' },
  csv: { ru: 'CSV: {v} идентификаторов', en: 'CSV: {v} identifiers' },
  group: { ru: 'группа #{v}', en: 'group #{v}' },
} satisfies Record<string, Record<Lang, string>>;

function summary(params: SimsParams, lang: Lang): string {
  const parts: string[] = [];
  const add = (key: keyof typeof SUMMARY, value: string | number) => parts.push(SUMMARY[key][lang].replace('{v}', String(value)));
  if (params.filter.query) add('query', params.filter.query);
  if (params.filter.profile) add('profile', params.filter.profile);
  if (params.filter.blocked) add('blocked', ['', 'yes', 'no', 'MSU'][params.filter.blocked] ?? '');
  if (params.filter.group) add('group', params.filter.group);
  if (params.csv) add('csv', params.csv.iccids.length + params.csv.numbers.length);
  return parts.length > 0 ? parts.join(', ') : SUMMARY.all[lang];
}

/** The SIM list as a background file (issue 14): used when an export is over the direct limit. */
export const SIMS_EXPORT_SOURCE: ReportSource = {
  kind: 'sims',
  fileStem: 'sims',
  title: { ru: 'Список SIM-карт', en: 'SIM list' },
  async check(db: Db, principal: Principal, request: unknown, lang: Lang) {
    requirePermission(principal, 'sims.read');
    const parsed = SimsSourceRequest.safeParse(request);
    if (!parsed.success) {
      const fields: Record<string, FieldProblem> = {};
      for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || 'request'] ??= issue.code === 'too_big' ? 'tooLong' : 'invalid';
      throw new AppError('validation_failed', fields);
    }
    const criteria = await resolveSimCriteria(db, principal, { ...parsed.data, page: 0, size: 1 });
    const params: SimsParams = { scope: criteria.scope, filter: criteria.filter, csv: criteria.csv };
    return { params, filter: summary(params, lang), from: null, to: null };
  },
  open(db: Db, raw: SourceParams) {
    const params = raw as SimsParams;
    const where = simWhere({ scope: params.scope, filter: params.filter, csv: params.csv });
    return Promise.resolve({
      columns: COLUMNS,
      async count() {
        const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sims s where ${where}`);
        return Number(rows[0]?.n ?? 0);
      },
      async *rows() {
        let after = '';
        for (;;) {
          const page = await queryRows<SimListRow>(db, sql`
            select s.id::int as id, s.iccid, s.msisdn, s.name, s.profile, s.block_type, s.company_id::int as company_id,
              c.name as company_name, s.msu_cents, s.package, s.limit_mb, s.balance_cents, s.external_id,
              extract(epoch from s.created_at)::int as added
            from sims s join companies c on c.id = s.company_id
            where ${where} and s.iccid > ${after}
            order by s.iccid limit ${BATCH}`);
          if (page.length === 0) return;
          yield page.map((row) => exportCells(toSimRow(row)));
          after = page.at(-1)?.iccid ?? after;
          if (page.length < BATCH) return;
        }
      },
    });
  },
};
