import type { Lang } from '@cab/contract/constants';
import { EXPORT_DIRECT_MAX_ROWS, SIM_LIST_COLUMNS, type SimListColumn } from '@cab/contract/sim-tools';
import type { SimListQuery, SimRow } from '@cab/contract/sims';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import type { ExportCell } from '../../../http/export-reply.js';
import { listCards } from '../list/index.js';

const PAGE = 500;

/** Header of every column of the cards table, as the export writes it. */
export const EXPORT_HEADERS: Record<Lang, Record<SimListColumn | 'id', string>> = {
  ru: {
    id: 'ID', iccid: 'ICCID', msisdn: 'Номер', name: 'Название', profile: 'Профиль', block_type: 'Блокировка',
    company: 'Компания', msu: 'MSU, EUR', package: 'Пакет', limit_mb: 'Лимит, МБ', balance: 'Баланс, EUR',
    external_id: 'Внешний ID', added: 'Добавлена (UTC)',
  },
  en: {
    id: 'ID', iccid: 'ICCID', msisdn: 'Number', name: 'Name', profile: 'Profile', block_type: 'Block',
    company: 'Company', msu: 'MSU, EUR', package: 'Package', limit_mb: 'Limit, MB', balance: 'Balance, EUR',
    external_id: 'External ID', added: 'Added (UTC)',
  },
};

export const EXPORT_COLUMNS = ['id', ...SIM_LIST_COLUMNS] as const;

function isoMinute(unix: number): string {
  return new Date(unix * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

/** One SIM as the export's cells, in EXPORT_COLUMNS order. */
export function exportCells(row: SimRow): ExportCell[] {
  const cells: Record<(typeof EXPORT_COLUMNS)[number], ExportCell> = {
    id: row.id,
    iccid: row.iccid,
    msisdn: row.msisdn,
    name: row.name,
    profile: row.profile,
    block_type: row.block_type,
    company: row.company_name,
    msu: row.msu,
    package: row.package,
    limit_mb: row.limit_mb,
    balance: row.balance,
    external_id: row.external_id,
    added: isoMinute(row.added),
  };
  return EXPORT_COLUMNS.map((column) => cells[column]);
}

/** How many SIMs the filter matches, capped: `exact` false means more than the direct limit. */
export async function countExport(db: Db, principal: Principal, query: SimListQuery): Promise<{ total: number; exact: boolean }> {
  const first = await listCards(db, principal, { ...query, page: 0, size: 1 });
  return { total: first.total, exact: first.total_exact && first.total <= EXPORT_DIRECT_MAX_ROWS };
}

/**
 * The filtered, sorted SIM list in pages of 500, through the list's own query (same scope checks,
 * same order), so an export is exactly what the list shows. Bounded by the list's cap.
 */
export async function* exportRows(db: Db, principal: Principal, query: SimListQuery): AsyncGenerator<SimRow[]> {
  for (let page = 0; page * PAGE < EXPORT_DIRECT_MAX_ROWS; page++) {
    const result = await listCards(db, principal, { ...query, page, size: PAGE });
    if (result.items.length > 0) yield result.items;
    if (result.items.length < PAGE) return;
  }
}
