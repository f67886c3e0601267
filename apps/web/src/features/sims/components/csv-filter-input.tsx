/** Moved to components/ (the reports filter uses it too); kept so existing imports stay short. */
export { CsvFilterInput, type CsvFilterFile } from '@/components/csv-filter-input';
