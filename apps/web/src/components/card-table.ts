import type { ColumnPassThroughOptions } from 'primereact/column';
import './card-table.css';

/**
 * Where a column's value goes on a row's card. Below 600 px a table with the CARD_TABLE class
 * draws each row as a card (card-table.css) instead of scrolling its columns sideways:
 * - title: the first line, left — what names the row (a number, an ICCID link);
 * - status: the first line, right — the row's state (a tag);
 * - field: a value under its column's name, two to a line;
 * - minor: the same, smaller, three to a line;
 * - wide: a value under its column's name, on a line of its own;
 * - actions: the row's buttons, on a line of their own;
 * - select: the row's checkbox, left of the card (its header cell stays on top as select-all);
 * - hidden: not on the card (still read with the row by a screen reader).
 */
export type CardPlace = 'title' | 'status' | 'field' | 'minor' | 'wide' | 'actions' | 'select' | 'hidden';

/** The DataTable class that turns its rows into cards on a phone. */
export const CARD_TABLE = 'card-table';

/** The places whose value is shown under its column's name. */
const LABELLED: ReadonlySet<CardPlace> = new Set(['field', 'minor', 'wide']);

type CellAttributes = React.HTMLAttributes<HTMLTableCellElement> & Record<`data-${string}`, string>;

/**
 * The props of a `<Column>` for its place on the card: spread them on the column. The table keeps
 * its rows, cells and column headers (PrimeReact gives them their roles), so a screen reader reads a
 * card as the row it is, each value with its column's name; the visible names are CSS text that
 * screen readers skip, so nothing is read twice.
 */
export function cardColumn(
  place: CardPlace,
  header: string,
  /** The column's own class, on its header and body cells alike. */
  columnClass = '',
): { header?: string; headerClassName: string; bodyClassName: string; pt?: ColumnPassThroughOptions } {
  const className = `${CARD_TABLE}__${place} ${columnClass}`.trim();
  const named: CellAttributes = { 'data-card-label': header };
  // The checkbox column has no header text of its own on a wide screen (the select-all box is it).
  if (place === 'select') return { headerClassName: className, bodyClassName: className, pt: { headerCell: named } };
  return { header, headerClassName: className, bodyClassName: className, ...(LABELLED.has(place) ? { pt: { bodyCell: named } } : {}) };
}
