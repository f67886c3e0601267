import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Column } from 'primereact/column';
import { DataTable } from './data-table';

interface Bucket {
  start: number;
  value: number;
}

/** A table whose cells read more than their row: the unit and the label's form come from the caller. */
function Buckets({ rows, unit, hourly }: { rows: Bucket[]; unit: string; hourly: boolean }) {
  return (
    <DataTable value={rows} dataKey="start">
      <Column header="When" body={(b: Bucket) => (hourly ? `day ${b.start} 00:00` : `day ${b.start}`)} />
      <Column header="Value" body={(b: Bucket) => `${b.value} ${unit}`} />
    </DataTable>
  );
}

describe('DataTable', () => {
  it('draws a cell again when what its body reads changes, though the row’s values did not', () => {
    // The same start and values under a new period and metric: PrimeReact's cell memo kept "day 1" and "0 B".
    const { rerender } = render(<Buckets rows={[{ start: 1, value: 0 }]} unit="B" hourly={false} />);
    expect(screen.getByRole('cell', { name: 'day 1' })).toBeTruthy();
    rerender(<Buckets rows={[{ start: 1, value: 0 }]} unit="SMS" hourly />);
    expect(screen.getByRole('cell', { name: 'day 1 00:00' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '0 SMS' })).toBeTruthy();
  });
});
