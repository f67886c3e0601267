import { Readable } from 'node:stream';
import { csvText } from '../../../formats/csv-text.js';
import { xlsxStream } from '../../../formats/xlsx-stream.js';
import type { ExportCell } from './export-rows.js';

/** Texts by the report files' rule (formula starts neutralised, phone numbers kept as data). */
const csvCell = (value: ExportCell): string => (value === null ? '' : typeof value === 'string' ? csvText(value) : String(value));

/** CSV (UTF-8 with BOM, so spreadsheet programs read Cyrillic) written batch by batch. */
export function csvStream(header: string[], batches: AsyncIterable<ExportCell[][]>): Readable {
  async function* lines() {
    yield `\uFEFF${header.map(csvCell).join(',')}\n`;
    for await (const rows of batches) yield rows.map((cells) => cells.map(csvCell).join(',')).join('\n') + '\n';
  }
  return Readable.from(lines());
}

/** XLSX written as the rows arrive, never the whole sheet in memory. */
export function xlsxExportStream(sheetName: string, header: string[], batches: AsyncIterable<ExportCell[][]>): Readable {
  return xlsxStream(sheetName, header.map((title) => ({ header: title, type: 'text' as const })), batches);
}
