import { CSV_FILTER_MAX_IDS } from '@cab/contract/sims';
import { AppError } from '../../../http/errors.js';

export interface CsvIdentifiers {
  iccids: string[];
  numbers: string[];
  /** Each line that names a SIM, with its identifiers: what "not found" is told about (issue 25.9). */
  lines: CsvFilterLine[];
}

export interface CsvFilterLine {
  line: number;
  text: string;
  ids: string[];
}

const ICCID = /^89\d{17,18}$/;
const NUMBER = /^\d{7,15}$/;
const SEPARATORS = /[,;\s]+/;

/**
 * Reads the cards table's CSV filter (spec §5): comma, semicolon, space or tab separated; each line
 * "ICCID;number", "number;ICCID", an ICCID or a number. A first line without digits is a header.
 */
export function parseCsvFilter(text: string): CsvIdentifiers {
  const iccids = new Set<string>();
  const numbers = new Set<string>();
  const named: CsvFilterLine[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, index) => {
    const tokens = line
      .split(SEPARATORS)
      .map((t) => t.replace(/^["']|["']$/g, '').replace(/^\+/, ''))
      .filter(Boolean);
    if (tokens.length === 0) return;
    if (index === 0 && tokens.every((t) => !/\d/.test(t))) return;
    if (tokens.length > 2) throw csvError(index + 1);
    for (const token of tokens) {
      if (ICCID.test(token)) iccids.add(token);
      else if (NUMBER.test(token)) numbers.add(token);
      else throw csvError(index + 1);
    }
    named.push({ line: index + 1, text: line.trim(), ids: tokens });
  });
  if (iccids.size + numbers.size === 0) throw new AppError('csv_empty');
  if (iccids.size + numbers.size > CSV_FILTER_MAX_IDS) throw new AppError('csv_too_large');
  return { iccids: [...iccids], numbers: [...numbers], lines: named };
}

function csvError(line: number): AppError {
  return new AppError('csv_invalid', undefined, { line });
}
