import { CSV_FILTER_MAX_BYTES } from '@cab/contract/sims';

export type CsvFileProblem = 'notCsv' | 'tooLarge';

/** Spec §5: the filter file must be CSV (by extension or type) and within the contract's size limit. */
export function checkCsvFile(file: Pick<File, 'name' | 'type' | 'size'>): CsvFileProblem | null {
  const isCsv = file.name.toLowerCase().endsWith('.csv') || file.type === 'text/csv';
  if (!isCsv) return 'notCsv';
  if (file.size > CSV_FILTER_MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * A short fingerprint of a file's text, for query keys (the text itself can be megabytes): an edited
 * file of the same name and size is another key. FNV-1a over two lanes (64 bits); sync and without
 * crypto.subtle, which plain-http pages lack.
 */
export function contentHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
  }
  return `${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}`;
}
