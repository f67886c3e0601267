import { Readable } from 'node:stream';
import type { Db } from '../../../db/client.js';
import * as results from './results-repository.js';

const PAGE = 5000;

function csvCell(value: string | null): string {
  if (value === null) return '';
  return /[",\n;]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Streams an item's per-SIM results as CSV, page by page, so 100,000 rows never sit in memory. */
export function streamResultsCsv(db: Db, ref: { companyId: number; queueId: number }, header: string[]): Readable {
  async function* lines() {
    yield `\uFEFF${header.join(',')}\n`;
    let after = 0;
    for (;;) {
      const page = await results.listResultsPage(db, ref, after, PAGE);
      if (page.length === 0) return;
      yield page.map((r) => [r.iccid, r.msisdn, r.status, r.reason].map(csvCell).join(',')).join('\n') + '\n';
      after = page.at(-1)?.sim_id ?? after;
      if (page.length < PAGE) return;
    }
  }
  return Readable.from(lines());
}
