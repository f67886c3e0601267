import { describe, expect, it } from 'vitest';
import { checkCsvFile, contentHash } from './csv-file';

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

describe('a CSV file fingerprint', () => {
  it('tells apart two texts of the same length, and is the same for the same text', () => {
    const one = 'ICCID\n89701010000000000011\n';
    const edited = 'ICCID\n89701010000000000012\n';
    expect(edited).toHaveLength(one.length);
    expect(contentHash(one)).not.toBe(contentHash(edited));
    expect(contentHash(one)).toBe(contentHash(`${one}`));
    expect(contentHash(one)).toMatch(/^[0-9a-f]{16}$/);
  });
});
