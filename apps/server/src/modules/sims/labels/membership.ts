import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

/**
 * "SIMs with label X" for other modules (the event log's label filter, alert rules on a label, bulk
 * operations). Labels are case-sensitive trimmed strings (contract SIM_LABEL_*); a company's labels
 * are its own, so the company is always part of the question.
 */

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * A condition over a SIM of alias `alias` (default `s`, any table with `company_id` and the SIM's
 * id in `idColumn`): true when that SIM carries `label` in its own company. One probe of
 * sim_labels' primary key (company, label, sim) per row — or, when the planner drives from the
 * labels, one index-only range scan.
 *   select ... from sim_events e where e.company_id = $1 and ${hasLabel('gps', { alias: 'e', idColumn: 'sim_id' })}
 */
export function hasLabel(label: string, { alias = 's', idColumn = 'id' }: { alias?: string; idColumn?: string } = {}): SQL {
  if (!IDENTIFIER.test(alias) || !IDENTIFIER.test(idColumn)) throw new Error(`not an SQL identifier: ${alias}.${idColumn}`);
  const company = sql.raw(`${alias}.company_id`);
  const sim = sql.raw(`${alias}.${idColumn}`);
  return sql`exists (select 1 from sim_labels l where l.company_id = ${company} and l.label = ${label} and l.sim_id = ${sim})`;
}

/** The ids of company's SIMs with `label`, as a subquery: `... and e.sim_id in (${simIdsWithLabelQuery(c, 'gps')})`. */
export function simIdsWithLabelQuery(companyId: number, label: string): SQL {
  return sql`select l.sim_id from sim_labels l where l.company_id = ${companyId} and l.label = ${label}`;
}

/** The ids of company's SIMs with `label`, ascending (one index-only range scan). */
export async function simIdsWithLabel(db: Executor, companyId: number, label: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`
    select l.sim_id::int as id from sim_labels l where l.company_id = ${companyId} and l.label = ${label} order by l.sim_id`);
  return rows.map((row) => Number(row.id));
}

/** Whether one SIM of the company carries the label (an alert rule on a label checking one SIM). */
export async function simHasLabel(db: Executor, companyId: number, simId: number, label: string): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(db, sql`
    select 1 as n from sim_labels where company_id = ${companyId} and label = ${label} and sim_id = ${simId}`);
  return rows.length > 0;
}
