import {
  SIM_EDIT_CLEAR,
  SIM_EDIT_COLUMNS,
  SIM_EDIT_LABEL_SEPARATOR,
  SIM_EDIT_MAX_LINES,
  SIM_EDIT_VALUE_MAX,
  type SimEditColumn,
  type SimEditInvalidReason,
} from '@cab/contract/sim-edit';
import { SIM_LABEL_MAX_LENGTH, SIM_LABEL_PATTERN, SIM_LABELS_PER_SIM } from '@cab/contract/constants';
import { splitCsvLine } from '../../../formats/csv-line.js';
import { AppError } from '../../../http/errors.js';

/** One data line of the file and what it asks; `invalid` when a value is not allowed. */
export interface EditLine {
  /** The line's number in the file, the header being line 1. */
  line: number;
  iccid: string;
  /** Undefined leaves the value as it is; '' clears it. */
  name?: string;
  externalId?: string;
  /** Undefined leaves the labels as they are; otherwise they become these ([] clears them). */
  labels?: string[];
  invalid?: SimEditInvalidReason;
}

const ICCID = /^\d{18,20}$/;
const isColumn = (name: string): name is SimEditColumn => (SIM_EDIT_COLUMNS as readonly string[]).includes(name);

/** Which column each header cell is; refuses a header without ICCID, with nothing to set, or with an unknown or repeated cell. */
function readHeader(line: string, separator: string): SimEditColumn[] {
  const names = splitCsvLine(line, separator).map((name) => name.toLowerCase().replace(/[\s-]+/g, '_'));
  const wrong = names.filter((name, index) => !isColumn(name) || names.indexOf(name) !== index);
  if (wrong.length > 0 || !names.includes('iccid') || names.length < 2) {
    throw new AppError('sim_edit_header', undefined, { columns: SIM_EDIT_COLUMNS.join(', ') });
  }
  return names.filter(isColumn);
}

/** A text value: empty leaves it, the clear mark clears it. */
function textValue(cell: string): string | undefined {
  if (cell === '') return undefined;
  return cell === SIM_EDIT_CLEAR ? '' : cell;
}

function labelsValue(cell: string): { labels?: string[]; invalid?: SimEditInvalidReason } {
  if (cell === '') return {};
  if (cell === SIM_EDIT_CLEAR) return { labels: [] };
  const labels = [...new Set(cell.split(SIM_EDIT_LABEL_SEPARATOR).map((label) => label.trim()).filter(Boolean))];
  if (labels.some((label) => label.length > SIM_LABEL_MAX_LENGTH || !SIM_LABEL_PATTERN.test(label))) return { invalid: 'labels_format' };
  if (labels.length > SIM_LABELS_PER_SIM) return { invalid: 'labels_too_many' };
  return { labels };
}

/**
 * Parses a bulk edit file: a header naming ICCID and the columns to set (NAME, EXTERNAL_ID, LABELS),
 * `,` or `;` separated, then a SIM a line. Each line is checked on its own; a header that is wrong,
 * an empty file and one too long are refused whole (nothing starts).
 */
export function parseSimEditFile(text: string): EditLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const headerAt = lines.findIndex((line) => line.trim() !== '');
  const header = lines[headerAt];
  if (header === undefined) throw new AppError('sim_edit_empty');
  let count = 0;
  for (let index = headerAt + 1; index < lines.length; index++) if (lines[index]?.trim()) count++;
  if (count === 0) throw new AppError('sim_edit_empty');
  if (count > SIM_EDIT_MAX_LINES) throw new AppError('sim_edit_too_many_lines');
  const separator = header.includes(';') ? ';' : ',';
  const columns = readHeader(header, separator);

  const parsed: EditLine[] = [];
  for (let index = headerAt + 1; index < lines.length; index++) {
    const text = lines[index] ?? '';
    if (!text.trim()) continue;
    const cells = splitCsvLine(text, separator);
    const value = (column: SimEditColumn) => cells[columns.indexOf(column)] ?? '';
    // The ICCID is echoed in the results: cut, so a line of garbage does not fill them.
    const entry: EditLine = { line: index + 1, iccid: value('iccid').slice(0, 22) };
    const invalid = (reason: SimEditInvalidReason) => {
      entry.invalid ??= reason;
    };
    if (cells.length > columns.length && cells.slice(columns.length).some((extra) => extra !== '')) invalid('line_columns');
    if (!ICCID.test(entry.iccid)) invalid('iccid_format');
    if (columns.includes('name')) {
      entry.name = textValue(value('name'));
      if ((entry.name?.length ?? 0) > SIM_EDIT_VALUE_MAX) invalid('name_too_long');
    }
    if (columns.includes('external_id')) {
      entry.externalId = textValue(value('external_id'));
      if ((entry.externalId?.length ?? 0) > SIM_EDIT_VALUE_MAX) invalid('external_id_too_long');
    }
    if (columns.includes('labels')) {
      const labels = labelsValue(value('labels'));
      entry.labels = labels.labels;
      if (labels.invalid) invalid(labels.invalid);
    }
    parsed.push(entry);
  }
  return parsed;
}
