import { Readable } from 'node:stream';
import type { Lang } from '@cab/contract/constants';
import type { GeneratedReportFormat } from '@cab/contract/generated-reports';
import { csvText } from '../../../formats/csv-text.js';
import { xlsxStream } from '../../../formats/xlsx-stream.js';
import type { OpenedSource, ReportCell, ReportColumn } from './sources.js';

/** Called after each batch is handed to the file; throwing (e.g. on cancel) stops the file. */
export type OnBatch = (rows: number) => Promise<void>;

export interface FileBody {
  /** The file's bytes; it errors (and the store keeps nothing) when the rows fail or are cancelled. */
  body: Readable;
  /** Rows written so far. */
  rows(): number;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
let memoDay = Number.NaN;
let memoDayText = '';

/**
 * 'YYYY-MM-DD HH:MM:SS' (UTC) of unix seconds without a Date per cell: rows come in time order, so
 * the day's text is kept from the row before, and the time is three table look-ups.
 */
function datetimeText(unixSeconds: number): string {
  const seconds = Math.floor(unixSeconds);
  const day = Math.floor(seconds / 86_400);
  if (day !== memoDay) {
    memoDay = day;
    memoDayText = `${new Date(day * 86_400_000).toISOString().slice(0, 10)} `;
  }
  const inDay = seconds - day * 86_400;
  return `${memoDayText}${TWO_DIGITS[Math.floor(inDay / 3600)]}:${TWO_DIGITS[Math.floor(inDay / 60) % 60]}:${TWO_DIGITS[inDay % 60]}`;
}

function csvCell(column: ReportColumn, cell: ReportCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return datetimeText(cell.getTime() / 1000);
  if (typeof cell === 'number') return column.type === 'datetime' ? datetimeText(cell) : String(cell);
  return csvText(cell);
}

/** Rows as CSV lines (no line ends), cell by cell. */
async function* csvLinesOf(columns: ReportColumn[], batches: AsyncIterable<ReportCell[][]>): AsyncIterable<string[]> {
  for await (const batch of batches) {
    const lines: string[] = new Array<string>(batch.length);
    for (let r = 0; r < batch.length; r++) {
      const row = batch[r] as ReportCell[];
      let line = '';
      for (let i = 0; i < columns.length; i++) {
        if (i > 0) line += ',';
        line += csvCell(columns[i] as ReportColumn, row[i] ?? null);
      }
      lines[r] = line;
    }
    yield lines;
  }
}

/** A UTF-8 CSV with a BOM (so spreadsheet programs read Cyrillic right), comma-separated, CRLF lines. */
export function csvBody(
  columns: ReportColumn[],
  lang: Lang,
  batches: AsyncIterable<string[]>,
  onBatch: OnBatch,
): FileBody {
  let written = 0;
  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${columns.map((c) => csvText(c.header[lang])).join(',')}\r\n`;
    for await (const lines of batches) {
      if (lines.length === 0) continue;
      written += lines.length;
      yield `${lines.join('\r\n')}\r\n`;
      await onBatch(lines.length);
    }
  }
  return { body: Readable.from(chunks(), { objectMode: false }), rows: () => written };
}

/** An XLSX written as the rows arrive (formats/xlsx-stream.ts): memory stays flat whatever the row count. */
export function xlsxBody(
  columns: ReportColumn[],
  lang: Lang,
  batches: AsyncIterable<ReportCell[][]>,
  onBatch: OnBatch,
): FileBody {
  let written = 0;
  async function* counted(): AsyncGenerator<ReportCell[][]> {
    for await (const batch of batches) {
      yield batch;
      written += batch.length;
      await onBatch(batch.length);
    }
  }
  const sheet = columns.map((c) => ({ header: c.header[lang], type: c.type, ...(c.width ? { width: c.width } : {}) }));
  return { body: xlsxStream('Report', sheet, counted()), rows: () => written };
}

/** The file of an opened source; a CSV takes the lines the source makes itself where it offers them. */
export function fileBody(format: GeneratedReportFormat, source: OpenedSource, lang: Lang, onBatch: OnBatch): FileBody {
  if (format === 'xlsx') return xlsxBody(source.columns, lang, source.rows(), onBatch);
  return csvBody(source.columns, lang, source.csvLines?.() ?? csvLinesOf(source.columns, source.rows()), onBatch);
}

export const CONTENT_TYPES: Record<GeneratedReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
