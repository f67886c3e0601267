import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

export interface NetworkLinkRow {
  link: string;
  state: string;
  detail: Record<string, unknown>;
  updatedAt: Date;
}

/** What the SMPP and RADIUS links last reported (network_links), by name. */
export async function listNetworkLinks(db: Executor): Promise<NetworkLinkRow[]> {
  const rows = await queryRows<{ link: string; state: string; detail: Record<string, unknown>; updated_at: Date | string }>(
    db,
    sql`select link, state, detail, updated_at from network_links order by link`,
  );
  return rows.map((row) => ({ link: row.link, state: row.state, detail: row.detail, updatedAt: new Date(row.updated_at) }));
}
