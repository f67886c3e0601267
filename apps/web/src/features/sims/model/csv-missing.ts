import type { CsvLine } from '@cab/contract/sims';

/**
 * The not-found lines as a file: the lines themselves, as they were in the uploaded file, so it can
 * be corrected and uploaded again (a BOM keeps spreadsheet programs reading it as UTF-8).
 */
export function missingLinesFile(lines: CsvLine[]): string {
  return `\uFEFF${lines.map((line) => line.text).join('\r\n')}\r\n`;
}

/** The download's name: after the uploaded file's, e.g. "sims.csv" → "sims-not-found.csv". */
export function missingFileName(uploaded: string): string {
  const base = uploaded.replace(/\.csv$/i, '').trim() || 'sims';
  return `${base}-not-found.csv`;
}
