import { beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { ShellProviders } from './shell-providers';

const rows = Array.from({ length: 30 }, (_, id) => ({ id, name: `SIM ${id}` }));

/** The dropdown's focusable control (PrimeReact names its shown value's span the same way). */
const rowsPerPageControl = () => document.querySelector('.p-paginator input[aria-haspopup="listbox"]');

function PagedTable() {
  return (
    <ShellProviders>
      <DataTable value={rows} dataKey="id" paginator rows={25} rowsPerPageOptions={[25, 50]} selectionMode="multiple" selection={[]}>
        <Column selectionMode="multiple" />
        <Column field="name" header="Name" />
      </DataTable>
    </ShellProviders>
  );
}

describe('PrimeReact labels kept in a private English locale', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'ru', resources: { ru: { translation: ru }, en: { translation: en } } });
  });

  it('reads the rows-per-page dropdown and the select-all checkbox in Russian, then in English', async () => {
    render(<PagedTable />);
    expect(rowsPerPageControl()?.getAttribute('aria-label')).toBe('Строк на странице');
    expect(screen.getByRole('checkbox', { name: 'Выбрать все строки' })).toBeTruthy();
    expect(screen.queryAllByLabelText(/Jump to Page|All items/)).toEqual([]);

    await act(() => i18next.changeLanguage('en'));
    expect(rowsPerPageControl()?.getAttribute('aria-label')).toBe('Rows per page');
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toBeTruthy();
  });
});
