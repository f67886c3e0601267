import { Readable } from 'node:stream';
import type { ExportFormat } from '@cab/contract/sim-tools';
import type { FastifyReply } from 'fastify';
import { csvText } from '../formats/csv-text.js';
import { xlsxStream } from '../formats/xlsx-stream.js';

/** One cell of an exported row. */
export type ExportCell = string | number | null;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

/**
 * Answers an export as a download: `<name>-<UTC day>.csv|xlsx`, its row count (counted before the
 * first byte) in X-Export-Rows, the rows streamed batch by batch.
 */
export function sendExport(
  reply: FastifyReply,
  file: { format: ExportFormat; name: string; sheet: string; rows: number; header: string[]; cells: AsyncIterable<ExportCell[][]> },
): FastifyReply {
  const stamp = new Date().toISOString().slice(0, 10);
  reply.header('X-Export-Rows', String(file.rows));
  if (file.format === 'xlsx') {
    return reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', `attachment; filename="${file.name}-${stamp}.xlsx"`)
      .send(xlsxExportStream(file.sheet, file.header, file.cells));
  }
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.name}-${stamp}.csv"`)
    .send(csvStream(file.header, file.cells));
}
