/** A phone number or a signed number is data; any other text starting like a formula is neutralised. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER_LIKE = /^[+-]?\d[\d\s().-]*$/;

/**
 * A text cell of a CSV file: a leading apostrophe before anything a spreadsheet would run as a
 * formula, quotes around a cell with a quote, comma, line break or spaces at either end.
 */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) && !NUMBER_LIKE.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}
