import { PassThrough, Readable } from 'node:stream';
import type { Lang } from '@cab/contract/constants';
import type { GeneratedReportFormat } from '@cab/contract/generated-reports';
import ExcelJS from 'exceljs';
import type { ReportCell, ReportColumn } from './sources.js';

/** Called after each batch is handed to the file; throwing (e.g. on cancel) stops the file. */
export type OnBatch = (rows: number) => Promise<void>;

export interface FileBody {
  /** The file's bytes; it errors (and the store keeps nothing) when the rows fail or are cancelled. */
  body: Readable;
  /** Rows written so far. */
  rows(): number;
}

const datetimeText = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** A phone number or a signed number is data; any other text starting like a formula is neutralised. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER_LIKE = /^[+-]?\d[\d\s().-]*$/;

function csvText(value: string): string {
  const safe = FORMULA_START.test(value) && !NUMBER_LIKE.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvCell(column: ReportColumn, cell: ReportCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return datetimeText(cell.getTime() / 1000);
  if (typeof cell === 'number') return column.type === 'datetime' ? datetimeText(cell) : String(cell);
  return csvText(cell);
}

/** A UTF-8 CSV with a BOM (so spreadsheet programs read Cyrillic right), comma-separated, CRLF lines. */
export function csvBody(
  columns: ReportColumn[],
  lang: Lang,
  batches: AsyncIterable<ReportCell[][]>,
  onBatch: OnBatch,
): FileBody {
  let written = 0;
  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${columns.map((c) => csvText(c.header[lang])).join(',')}\r\n`;
    for await (const batch of batches) {
      let text = '';
      for (const row of batch) {
        let line = '';
        for (let i = 0; i < columns.length; i++) {
          if (i > 0) line += ',';
          line += csvCell(columns[i] as ReportColumn, row[i] ?? null);
        }
        text += `${line}\r\n`;
      }
      written += batch.length;
      yield text;
      await onBatch(batch.length);
    }
  }
  return { body: Readable.from(chunks(), { objectMode: false }), rows: () => written };
}

const NUM_FMT: Partial<Record<ReportColumn['type'], string>> = {
  integer: '0',
  decimal: '0.00',
  datetime: 'yyyy-mm-dd hh:mm:ss',
};

function xlsxCell(column: ReportColumn, cell: ReportCell): ExcelJS.CellValue {
  if (cell === null) return null;
  if (column.type === 'datetime' && typeof cell === 'number') return new Date(cell * 1000);
  return cell;
}

/**
 * An XLSX through exceljs' streaming WorkbookWriter: each row is committed (serialised into the
 * zip stream) as soon as it is added, and the loop waits whenever the file side has not caught up,
 * so memory stays flat whatever the row count.
 */
export function xlsxBody(
  columns: ReportColumn[],
  lang: Lang,
  batches: AsyncIterable<ReportCell[][]>,
  onBatch: OnBatch,
): FileBody {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  let written = 0;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header[lang],
    key: c.key,
    width: c.width ?? Math.max(10, c.header[lang].length + 2),
    ...(NUM_FMT[c.type] ? { style: { numFmt: NUM_FMT[c.type] } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const waitForReader = () =>
    out.writableNeedDrain ? new Promise<void>((resolve) => out.once('drain', () => resolve())) : Promise.resolve();

  const run = async () => {
    for await (const batch of batches) {
      if (out.destroyed) throw new Error('the file was closed while rows were written');
      for (const row of batch) {
        sheet.addRow(columns.map((c, i) => xlsxCell(c, row[i] ?? null))).commit();
      }
      written += batch.length;
      await onBatch(batch.length);
      // Lets the zip deflate what the rows produced before the next batch is read.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await waitForReader();
    }
    sheet.commit();
    await workbook.commit();
  };
  run().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return { body: out, rows: () => written };
}

export function fileBody(
  format: GeneratedReportFormat,
  columns: ReportColumn[],
  lang: Lang,
  batches: AsyncIterable<ReportCell[][]>,
  onBatch: OnBatch,
): FileBody {
  return format === 'csv' ? csvBody(columns, lang, batches, onBatch) : xlsxBody(columns, lang, batches, onBatch);
}

export const CONTENT_TYPES: Record<GeneratedReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
