import { CSV_FILTER_MAX_BYTES } from '@cab/contract/sims';

export type CsvFileProblem = 'notCsv' | 'tooLarge';

/** Spec §5: the filter file must be CSV (by extension or type) and within the contract's size limit. */
export function checkCsvFile(file: Pick<File, 'name' | 'type' | 'size'>): CsvFileProblem | null {
  const isCsv = file.name.toLowerCase().endsWith('.csv') || file.type === 'text/csv';
  if (!isCsv) return 'notCsv';
  if (file.size > CSV_FILTER_MAX_BYTES) return 'tooLarge';
  return null;
}
