import { Readable } from 'node:stream';
import type { ResultFilter } from '@cab/contract/operations';
import type { Db } from '../../../db/client.js';
import { csvText } from '../../../formats/csv-text.js';
import * as results from './results-repository.js';

const PAGE = 5000;

const csvCell = (value: string | null): string => (value === null ? '' : csvText(value));

/**
 * An item's per-SIM results (all, or one outcome or reason) as CSV, for GET /api/queue/results and
 * GET /api/operations/results_csv. Keyset pages, so 100,000 rows never sit in memory; cells go
 * through csvText like every other export, so a failure reason from the network cannot be a formula.
 * withDelivery (SMS operations) adds each message's delivery status as a last column.
 */
export function streamResultsCsv(
  db: Db,
  ref: { companyId: number; queueId: number },
  header: string[],
  filter: ResultFilter = {},
  withDelivery = false,
): Readable {
  async function* lines() {
    yield `\uFEFF${header.map(csvCell).join(',')}\n`;
    let after = 0;
    for (;;) {
      const page = await results.listResultsPage(db, ref, filter, after, PAGE, withDelivery);
      if (page.length === 0) return;
      const cells = (r: results.ResultCsvRow) => (withDelivery ? [r.iccid, r.msisdn, r.status, r.reason, r.delivery ?? null] : [r.iccid, r.msisdn, r.status, r.reason]);
      yield page.map((r) => cells(r).map(csvCell).join(',')).join('\n') + '\n';
      after = page.at(-1)?.sim_id ?? after;
      if (page.length < PAGE) return;
    }
  }
  return Readable.from(lines());
}
