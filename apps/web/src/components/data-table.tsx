import { DataTable as PrimeDataTable, type DataTableProps, type DataTableValueArray } from 'primereact/datatable';

/**
 * PrimeReact's DataTable with its cell memo off. The memo re-renders a cell only when the row's
 * values change, never when the column's `body` does: a table whose cells read the language, a
 * switch (the SIM page's metric and period) or a clock kept its old texts — after midnight the
 * hourly usage table's first row still read the daily bucket of the same start. Our tables show a
 * page of rows at a time, so drawing every cell again costs little.
 */
export function DataTable<TValue extends DataTableValueArray>(props: DataTableProps<TValue>) {
  return <PrimeDataTable {...props} cellMemo={false} />;
}
