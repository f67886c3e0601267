import { Readable } from 'node:stream';
import type { ResultFilter } from '@cab/contract/operations';
import type { Db } from '../../../db/client.js';
import * as repo from './repository.js';

const PAGE = 5000;

function csvCell(value: string | null): string {
  if (value === null) return '';
  return /[",\n;\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** An operation's per-SIM results (optionally only one outcome or reason) as CSV, keyset-paged. */
export function streamFilteredResultsCsv(
  db: Db,
  ref: { companyId: number; queueId: number },
  filter: ResultFilter,
  header: string[],
): Readable {
  async function* lines() {
    yield `\uFEFF${header.join(',')}\n`;
    let after = 0;
    for (;;) {
      const page = await repo.listResultsAfter(db, ref, filter, after, PAGE);
      if (page.length === 0) return;
      yield page.map((r) => [r.iccid, r.msisdn, r.status, r.reason].map(csvCell).join(',')).join('\n') + '\n';
      after = page.at(-1)?.sim_id ?? after;
      if (page.length < PAGE) return;
    }
  }
  return Readable.from(lines());
}
