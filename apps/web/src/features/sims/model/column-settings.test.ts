import { describe, expect, it } from 'vitest';
import { loadColumnSettings, saveColumnSettings, SIM_COLUMNS, visibleColumns } from './column-settings';

describe('cards table column settings', () => {
  it('shows every column by default', () => {
    expect(visibleColumns(loadColumnSettings())).toEqual([...SIM_COLUMNS]);
  });

  it('keeps the choice under cards-table-row-settings across loads', () => {
    const settings = { ...loadColumnSettings(), balance: false, external_id: false };
    saveColumnSettings(settings);
    expect(localStorage.getItem('cards-table-row-settings')).toContain('"balance":false');
    const reloaded = loadColumnSettings();
    expect(reloaded.balance).toBe(false);
    expect(visibleColumns(reloaded)).not.toContain('external_id');
    expect(visibleColumns(reloaded)).toHaveLength(SIM_COLUMNS.length - 2);
  });

  it('survives a broken stored value and keeps unknown columns visible', () => {
    localStorage.setItem('cards-table-row-settings', '{not json');
    expect(visibleColumns(loadColumnSettings())).toHaveLength(SIM_COLUMNS.length);
    localStorage.setItem('cards-table-row-settings', JSON.stringify({ iccid: false, removed_column: false }));
    const settings = loadColumnSettings();
    expect(settings.iccid).toBe(false);
    expect(settings.msisdn).toBe(true);
  });
});
