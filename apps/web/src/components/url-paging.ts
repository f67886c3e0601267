import type { DataTablePageEvent } from 'primereact/datatable';

/** Rows per page a list offers (spec §2). */
export const PAGE_SIZE_OPTIONS = [25, 50, 100];

/**
 * The DataTable props of a list paged on the server whose page and page size live in the URL
 * (lib/url-state: pageIndex is one-based): spread them on the table.
 */
export function urlPaging(state: { pageIndex: number; pageSize: number }, total: number, onPage: (pageIndex: number, pageSize: number) => void) {
  return {
    lazy: true,
    paginator: true,
    first: (state.pageIndex - 1) * state.pageSize,
    rows: state.pageSize,
    totalRecords: total,
    rowsPerPageOptions: PAGE_SIZE_OPTIONS,
    onPage: (event: DataTablePageEvent) => onPage(Math.floor(event.first / event.rows) + 1, event.rows),
  } as const;
}
