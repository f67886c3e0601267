import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportCell } from './export-rows.js';

function csvCell(value: ExportCell): string {
  if (value === null) return '';
  const text = String(value);
  // A leading = + - @ would be read as a formula by spreadsheet programs.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n;\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** CSV (UTF-8 with BOM, so spreadsheet programs read Cyrillic) written batch by batch. */
export function csvStream(header: string[], batches: AsyncIterable<ExportCell[][]>): Readable {
  async function* lines() {
    yield `\uFEFF${header.map(csvCell).join(',')}\n`;
    for await (const rows of batches) yield rows.map((cells) => cells.map(csvCell).join(',')).join('\n') + '\n';
  }
  return Readable.from(lines());
}

/** XLSX through exceljs's streaming writer: each row is committed as it comes, never the whole sheet. */
export function xlsxStream(sheetName: string, header: string[], batches: AsyncIterable<ExportCell[][]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header).commit();
  void (async () => {
    for await (const rows of batches) for (const cells of rows) sheet.addRow(cells).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
