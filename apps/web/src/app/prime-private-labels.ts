import { ariaLabel } from 'primereact/api';

/**
 * PrimeReact 10.9's paginator and table bundle a private copy of its English locale for a few labels
 * (the rows-per-page dropdown, the table's select-all checkbox): `locale('ru')`
 * never reaches it, so a Russian page read "Jump to Page Dropdown" and "All items unselected". These
 * English strings are swapped for the active locale's own labels through the global pass-through.
 */
const PRIVATE_ENGLISH: Record<string, string> = {
  // The dropdown it names chooses the rows per page; "jump to page" was PrimeReact's misnomer.
  'Jump to Page Dropdown': 'rowsPerPageLabel',
  'All items selected': 'selectAll',
  'All items unselected': 'unselectAll',
};

interface PassThroughOptions {
  props?: { 'aria-label'?: string };
}

/** A pass-through section: the control's aria-label from the active locale when PrimeReact set an English one. */
export function localizedAriaLabel(options: PassThroughOptions): { 'aria-label': string } | undefined {
  const english = options.props?.['aria-label'];
  const key = english ? PRIVATE_ENGLISH[english] : undefined;
  const label = key ? ariaLabel(key, {}) : undefined;
  return label ? { 'aria-label': label } : undefined;
}
