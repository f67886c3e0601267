import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { CARD_TABLE, cardColumn } from './card-table';

interface Bill {
  id: number;
  number: string;
  amount: string;
  status: string;
}

const BILLS: Bill[] = [{ id: 1, number: 'B-2026-000001', amount: '62,50 €', status: 'Не оплачен' }];

function Bills() {
  return (
    <DataTable value={BILLS} dataKey="id" className={CARD_TABLE} selectionMode="checkbox" selection={[]}>
      <Column selectionMode="multiple" {...cardColumn('select', 'Выбрать все на странице')} />
      <Column field="number" {...cardColumn('title', 'Номер', 'col-number')} />
      <Column field="amount" {...cardColumn('field', 'Сумма')} />
      <Column field="status" {...cardColumn('status', 'Статус')} />
    </DataTable>
  );
}

describe('cardColumn', () => {
  it('keeps the table a table: each value is a cell under its column header', () => {
    render(<Bills />);
    const table = screen.getByRole('table');
    expect(table.closest('.p-datatable')?.classList.contains(CARD_TABLE)).toBe(true);
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['', 'Номер', 'Сумма', 'Статус']);
    expect(within(table).getByRole('cell', { name: '62,50 €' })).toBeTruthy();
  });

  it('labels only the values shown under their column name, and places each cell on the card', () => {
    render(<Bills />);
    const amount = screen.getByRole('cell', { name: '62,50 €' });
    expect(amount.dataset.cardLabel).toBe('Сумма');
    expect(amount.classList.contains('card-table__field')).toBe(true);
    const number = screen.getByRole('cell', { name: 'B-2026-000001' });
    expect(number.dataset.cardLabel).toBeUndefined();
    expect([...number.classList]).toEqual(expect.arrayContaining(['card-table__title', 'col-number']));
    expect(screen.getByRole('cell', { name: 'Не оплачен' }).classList.contains('card-table__status')).toBe(true);
  });

  it('gives the checkbox column no header text, and its header cell the select-all label for the phone', () => {
    render(<Bills />);
    const [selectHeader] = screen.getAllByRole('columnheader');
    expect(selectHeader?.dataset.cardLabel).toBe('Выбрать все на странице');
    expect(selectHeader?.classList.contains('card-table__select')).toBe(true);
    expect(selectHeader?.textContent).toBe('');
  });
});
