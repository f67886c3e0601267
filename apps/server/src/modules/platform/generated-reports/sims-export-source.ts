import type { Lang } from '@cab/contract/constants';
import { SimExportRequest } from '@cab/contract/sim-tools';
import type { SimSortColumn } from '@cab/contract/constants';
import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.js';
import { queryRows, type Db } from '../../../db/client.js';
import { AppError, type FieldProblem } from '../../../http/errors.js';
import type { ReportColumn, ReportSource, SourceParams } from './sources.js';
import {
  type CsvIdentifiers,
  resolveSimCriteria,
  type SimCriteria,
  type SimListRow,
  simSortValue,
  simWhere,
  toSimRow,
} from '../../sims/list/index.js';
import { EXPORT_COLUMNS, EXPORT_HEADERS, exportCells } from '../../sims/tools/index.js';

const BATCH = 5000;
/** The request of a background export: the list's filter and sort. */
const SimsSourceRequest = SimExportRequest.omit({ format: true });

interface ExportSort {
  column: SimSortColumn;
  direction: 'asc' | 'desc';
}

interface SimsParams extends SourceParams {
  scope: number[] | null;
  filter: SimCriteria['filter'];
  csv: CsvIdentifiers | null;
  /** Absent in files queued before the export kept the list's sort: ICCID ascending. */
  sort?: ExportSort;
}

/** Where the previous batch stopped: its last row's sort value, company and SIM id. */
interface ExportCursor {
  value: string | null;
  companyId: number;
  id: number;
}

/** The list's order (first sort entry, ICCID ascending by default), with the SIM id breaking ties. */
function exportOrder({ column, direction }: ExportSort): SQL {
  const dir = direction === 'desc' ? sql`desc` : sql`asc`;
  if (column === 'company') return sql`c.name ${dir}, c.id ${dir}, s.id ${dir}`;
  return sql`${simSortValue(column)} ${dir}${column === 'name' ? sql` nulls last` : sql``}, s.id ${dir}`;
}

/**
 * The rows after the cursor in `exportOrder`, so each batch is an index range, not an offset that
 * rereads every earlier row. Only the name can be empty, and empty names come last both ways.
 */
function afterCursor({ column, direction }: ExportSort, cursor: ExportCursor | null): SQL {
  if (!cursor) return sql`true`;
  const past = direction === 'desc' ? sql`<` : sql`>`;
  if (column === 'company') return sql`(c.name, c.id, s.id) ${past} (${cursor.value}, ${cursor.companyId}, ${cursor.id})`;
  if (column === 'name' && cursor.value === null) return sql`s.name is null and s.id ${past} ${cursor.id}`;
  const value = column === 'added' ? sql`${cursor.value}::timestamptz` : sql`${cursor.value}`;
  const after = sql`(${simSortValue(column)}, s.id) ${past} (${value}, ${cursor.id})`;
  return column === 'name' ? sql`(${after} or s.name is null)` : after;
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
    const parsed = SimsSourceRequest.safeParse(request);
    if (!parsed.success) {
      const fields: Record<string, FieldProblem> = {};
      for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || 'request'] ??= issue.code === 'too_big' ? 'tooLong' : 'invalid';
      throw new AppError('validation_failed', fields);
    }
    const criteria = await resolveSimCriteria(db, principal, { ...parsed.data, page: 0, size: 1 });
    const [column, direction] = Object.entries(parsed.data.sort ?? {})[0] ?? ['iccid', 'asc'];
    const params: SimsParams = {
      scope: criteria.scope,
      filter: criteria.filter,
      csv: criteria.csv,
      sort: { column: column as SimSortColumn, direction: direction === 'desc' ? 'desc' : 'asc' },
    };
    return { params, filter: summary(params, lang), from: null, to: null };
  },
  open(db: Db, raw: SourceParams) {
    const params = raw as SimsParams;
    const where = simWhere({ scope: params.scope, filter: params.filter, csv: params.csv });
    const sort = params.sort ?? { column: 'iccid', direction: 'asc' };
    return Promise.resolve({
      columns: COLUMNS,
      async count() {
        const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sims s where ${where}`);
        return Number(rows[0]?.n ?? 0);
      },
      async *rows() {
        let cursor: ExportCursor | null = null;
        for (;;) {
          const page: Array<SimListRow & { sort_value: string | null }> = await queryRows(db, sql`
            select s.id::int as id, s.iccid, s.msisdn, s.name, s.profile, s.block_type, s.company_id::int as company_id,
              c.name as company_name, s.msu_cents, s.package, s.limit_mb, s.balance_cents, s.external_id,
              extract(epoch from s.created_at)::int as added, ${simSortValue(sort.column)}::text as sort_value
            from sims s join companies c on c.id = s.company_id
            where ${where} and ${afterCursor(sort, cursor)}
            order by ${exportOrder(sort)} limit ${BATCH}`);
          const last = page.at(-1);
          if (!last) return;
          yield page.map((row) => exportCells(toSimRow(row)));
          if (page.length < BATCH) return;
          cursor = { value: last.sort_value, companyId: Number(last.company_id), id: Number(last.id) };
        }
      },
    });
  },
};
