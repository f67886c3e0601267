import { describe, expect, it } from 'vitest';
import { SIM_COLUMNS, type ColumnSettings } from '../model/column-settings';
import { tableColumns } from './sim-cells';

const settings = (off: string[] = []): ColumnSettings =>
  Object.fromEntries(SIM_COLUMNS.map((column) => [column, !off.includes(column)])) as ColumnSettings;

describe('tableColumns', () => {
  it('draws a shown package with its limit and balance in its cell, not as columns of their own', () => {
    const { columns, details } = tableColumns(settings());
    expect(columns).toContain('package');
    expect(columns).not.toContain('limit_mb');
    expect(columns).not.toContain('balance');
    expect(details).toEqual({ limit: true, balance: true });
  });

  it('keeps the column picker meaningful: a hidden one is left out of the cell too', () => {
    expect(tableColumns(settings(['balance'])).details).toEqual({ limit: true, balance: false });
    expect(tableColumns(settings(['limit_mb', 'balance']))).toEqual({ columns: expect.not.arrayContaining(['limit_mb', 'balance']) as string[], details: null });
  });

  it('with the package hidden, its limit and balance are columns again', () => {
    const { columns, details } = tableColumns(settings(['package']));
    expect(columns).toEqual(expect.arrayContaining(['limit_mb', 'balance']));
    expect(columns).not.toContain('package');
    expect(details).toBeNull();
  });
});
