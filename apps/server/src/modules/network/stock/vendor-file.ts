import {
  STOCK_COLUMNS,
  STOCK_FILE_MAX_ROWS,
  type StockAuthKind,
  type StockColumn,
  type StockProblem,
} from '@cab/contract/sim-stock';
import { luhnDigit } from '@cab/contract/luhn';
import { AppError } from '../../../http/errors.js';

/*
 * A SIM vendor's output file: a header row naming ICCID, IMSI, MSISDN and KI (COMP128) or K and OPC
 * (MILENAGE) in any order, `,` or `;` separated, then one card a row. Every row is checked on its own;
 * nothing here echoes a value back, so no key can leave through a problem or an error.
 */

export type CardKeys = { ki: string } | { k: string; opc: string };

/** A row that passed every check of the file itself (the database's duplicates come later). */
export interface StockCard {
  row: number;
  iccid: string;
  imsi: string;
  msisdn: string;
  auth: StockAuthKind;
  /** Upper-case hex. */
  keys: CardKeys;
}

export interface ParsedStockFile {
  /** Data rows, blank lines not counted. */
  rows: number;
  cards: StockCard[];
  /** Every problem, in row order. */
  problems: StockProblem[];
}

const IDENTITY_COLUMNS = ['iccid', 'imsi', 'msisdn'] as const;
const HEX_KEY = /^[0-9A-Fa-f]{32}$/;
const ICCID = /^\d{19,20}$/;
const IMSI = /^\d{15}$/;
const MSISDN = /^\d{10,15}$/;
/** Header cells named in the error at most; a header of a thousand cells gets a short message. */
const HEADER_CELLS_NAMED = 10;

const isColumn = (name: string): name is StockColumn => (STOCK_COLUMNS as readonly string[]).includes(name);
const cell = (raw: string) => raw.trim().replace(/^"(.*)"$/s, '$1').trim();

/** Which column each header cell is; refuses a header that lacks a column, repeats one or names another. */
function readHeader(line: string, separator: string): StockColumn[] {
  const names = line.split(separator).map((raw) => cell(raw).toLowerCase());
  const wrong: string[] = [];
  names.forEach((name, index) => {
    // An unknown cell is named by its position, never its text: a file without a header starts with a card.
    if (!isColumn(name)) wrong.push(`#${index + 1}`);
    else if (names.indexOf(name) !== index) wrong.push(name.toUpperCase());
  });
  for (const column of IDENTITY_COLUMNS) if (!names.includes(column)) wrong.push(column.toUpperCase());
  const hasMilenage = names.includes('k') && names.includes('opc');
  if (!names.includes('ki') && !hasMilenage) wrong.push(names.includes('k') ? 'OPC' : names.includes('opc') ? 'K' : 'KI | K + OPC');
  if (wrong.length > 0) {
    const shown = wrong.slice(0, HEADER_CELLS_NAMED).join(', ') + (wrong.length > HEADER_CELLS_NAMED ? ', …' : '');
    throw new AppError('stock_file_header', undefined, { columns: shown });
  }
  return names.filter(isColumn);
}

function checkIccid(value: string): StockProblem['reason'] | null {
  if (!ICCID.test(value)) return 'iccid_format';
  return luhnDigit(value.slice(0, -1)) === Number(value.at(-1)) ? null : 'iccid_check_digit';
}

/** The row's keys, or the problems that keep it out. */
function readKeys(value: (column: StockColumn) => string, problem: (field: StockColumn | null, reason: StockProblem['reason']) => void): CardKeys | null {
  const [ki, k, opc] = [value('ki'), value('k'), value('opc')];
  if (ki && (k || opc)) {
    problem(null, 'keys_mixed');
    return null;
  }
  if (!ki && !k && !opc) {
    problem(null, 'keys_missing');
    return null;
  }
  const fields: Array<[StockColumn, string]> = ki ? [['ki', ki]] : [['k', k], ['opc', opc]];
  let valid = true;
  for (const [field, key] of fields) {
    if (!key) problem(field, 'required');
    else if (!HEX_KEY.test(key)) problem(field, 'key_format');
    else continue;
    valid = false;
  }
  if (!valid) return null;
  return ki ? { ki: ki.toUpperCase() } : { k: k.toUpperCase(), opc: opc.toUpperCase() };
}

/** Parses and checks a vendor file; the header's problems and a file too long are refused whole. */
export function parseStockFile(text: string): ParsedStockFile {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const headerAt = lines.findIndex((line) => line.trim() !== '');
  const headerLine = lines[headerAt];
  if (headerLine === undefined) throw new AppError('stock_file_empty');
  let rows = 0;
  for (let index = headerAt + 1; index < lines.length; index++) if (lines[index]?.trim()) rows++;
  if (rows > STOCK_FILE_MAX_ROWS) throw new AppError('stock_file_too_many_rows');
  const separator = headerLine.includes(';') ? ';' : ',';
  const columns = readHeader(headerLine, separator);

  const cards: StockCard[] = [];
  const problems: StockProblem[] = [];
  const firstRowOf: Record<(typeof IDENTITY_COLUMNS)[number], Map<string, number>> = { iccid: new Map(), imsi: new Map(), msisdn: new Map() };
  for (let index = headerAt + 1; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (!line.trim()) continue;
    const row = index + 1;
    const values = line.split(separator).map(cell);
    const byColumn = new Map(columns.map((column, at) => [column, values[at] ?? '']));
    const value = (column: StockColumn) => byColumn.get(column) ?? '';
    let valid = true;
    const problem = (field: StockColumn | null, reason: StockProblem['reason'], firstRow?: number) => {
      problems.push({ row, field, reason, ...(firstRow === undefined ? {} : { first_row: firstRow }) });
      valid = false;
    };
    if (values.slice(columns.length).some((extra) => extra !== '')) problem(null, 'columns');
    const formats: Record<(typeof IDENTITY_COLUMNS)[number], StockProblem['reason'] | null> = {
      iccid: checkIccid(value('iccid')),
      imsi: IMSI.test(value('imsi')) ? null : 'imsi_format',
      msisdn: MSISDN.test(value('msisdn')) ? null : 'msisdn_format',
    };
    for (const field of IDENTITY_COLUMNS) {
      const reason = value(field) ? formats[field] : 'required';
      if (reason) {
        problem(field, reason);
        continue;
      }
      const seen = firstRowOf[field].get(value(field));
      if (seen === undefined) firstRowOf[field].set(value(field), row);
      else problem(field, 'duplicate_in_file', seen);
    }
    const keys = readKeys(value, problem);
    if (valid && keys) {
      cards.push({ row, iccid: value('iccid'), imsi: value('imsi'), msisdn: value('msisdn'), auth: 'ki' in keys ? 'comp128' : 'milenage', keys });
    }
  }
  return { rows, cards, problems };
}
