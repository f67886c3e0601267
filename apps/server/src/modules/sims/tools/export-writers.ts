import { Readable } from 'node:stream';
import { xlsxStream } from '../../../formats/xlsx-stream.js';
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

/** XLSX written as the rows arrive, never the whole sheet in memory. */
export function xlsxExportStream(sheetName: string, header: string[], batches: AsyncIterable<ExportCell[][]>): Readable {
  return xlsxStream(sheetName, header.map((title) => ({ header: title, type: 'text' as const })), batches);
}
