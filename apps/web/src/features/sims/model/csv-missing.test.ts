import { describe, expect, it } from 'vitest';
import { missingFileName, missingLinesFile } from './csv-missing';
import { checkLabel } from './label-input';

describe('the CSV filter not-found file', () => {
  it('holds the lines as they were uploaded, one per line, readable as UTF-8', () => {
    expect(missingLinesFile([{ line: 3, text: '8970199;7900' }, { line: 9, text: '"79001"' }])).toBe('\uFEFF8970199;7900\r\n"79001"\r\n');
  });

  it('is named after the uploaded file', () => {
    expect(missingFileName('march.CSV')).toBe('march-not-found.csv');
    expect(missingFileName('.csv')).toBe('sims-not-found.csv');
    expect(missingFileName('list')).toBe('list-not-found.csv');
  });
});

describe('checkLabel', () => {
  it('trims and accepts letters, digits and a few marks in any script', () => {
    expect(checkLabel('  север-2 ', [])).toEqual({ label: 'север-2', problem: null });
    expect(checkLabel('GPS tracker #4', [])).toEqual({ label: 'GPS tracker #4', problem: null });
  });

  it('names what is wrong: empty, too long, characters, already there', () => {
    expect(checkLabel('   ', []).problem).toBe('empty');
    expect(checkLabel('x'.repeat(33), []).problem).toBe('tooLong');
    expect(checkLabel('a;b', []).problem).toBe('characters');
    expect(checkLabel('-a', []).problem).toBe('characters');
    expect(checkLabel('gps ', ['gps']).problem).toBe('duplicate');
  });
});
