import { describe, expect, it } from 'vitest';
import { checkCsvFile } from './csv-file';

describe('CSV filter file', () => {
  it('accepts a .csv name or a text/csv type', () => {
    expect(checkCsvFile({ name: 'SIMS.CSV', type: '', size: 10 })).toBeNull();
    expect(checkCsvFile({ name: 'export', type: 'text/csv', size: 10 })).toBeNull();
  });

  it('rejects other files and files over the contract limit', () => {
    expect(checkCsvFile({ name: 'sims.xlsx', type: 'application/vnd.ms-excel', size: 10 })).toBe('notCsv');
    expect(checkCsvFile({ name: 'sims.txt', type: 'text/plain', size: 10 })).toBe('notCsv');
    expect(checkCsvFile({ name: 'sims.csv', type: 'text/csv', size: 5 * 1024 * 1024 })).toBe('tooLarge');
  });
});
