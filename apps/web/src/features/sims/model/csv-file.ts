/** Moved to lib/ (the reports filter uses it too). */
export { checkCsvFile, type CsvFileProblem } from '@/lib/csv-file';
