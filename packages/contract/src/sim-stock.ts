import { z } from 'zod';
import { EmptyBody, UnixSeconds } from './common.js';
import { action, read } from './endpoint.js';

/*
 * SIM stock (issue 24.1): cards from a SIM vendor's output file, waiting for an order. Their keys stay
 * on the server: no answer here carries a key, only which row and field a problem is in.
 */

/** Data rows one file may hold (blank lines aside). */
export const STOCK_FILE_MAX_ROWS = 100_000;
/** Characters of one file: 100,000 of the longest valid rows (about 155) with room for spaces and quotes. */
export const STOCK_FILE_MAX_CHARS = 20 * 1024 * 1024;
/** Problems one answer lists; the rest are only counted (problems_total). */
export const STOCK_PROBLEMS_LISTED = 1000;

/** milenage: K + OPc; comp128: KI. */
export const STOCK_AUTH_KINDS = ['milenage', 'comp128'] as const;
export type StockAuthKind = (typeof STOCK_AUTH_KINDS)[number];

/** The file's columns, as its header row names them (any order, any case). */
export const STOCK_COLUMNS = ['iccid', 'imsi', 'msisdn', 'ki', 'k', 'opc'] as const;
export type StockColumn = (typeof STOCK_COLUMNS)[number];

/**
 * Why a row is refused; the web words each one. `field` names the column, or is null for the row as
 * a whole (keys_missing, keys_mixed, columns).
 */
export const STOCK_PROBLEM_REASONS = [
  'required',
  'iccid_format',
  'iccid_check_digit',
  'imsi_format',
  'msisdn_format',
  'key_format',
  'keys_missing',
  'keys_mixed',
  'columns',
  'duplicate_in_file',
  'in_stock',
  'on_sim',
] as const;
export type StockProblemReason = (typeof STOCK_PROBLEM_REASONS)[number];

/** `check` validates and changes nothing; `import_valid` imports the valid rows in one transaction. */
export const STOCK_IMPORT_MODES = ['check', 'import_valid'] as const;

export const StockImportRequest = z.strictObject({
  mode: z.enum(STOCK_IMPORT_MODES),
  /** The file's text (CSV, `,` or `;` separated, a header row first). */
  file: z.string().max(STOCK_FILE_MAX_CHARS),
});
export type StockImportRequest = z.infer<typeof StockImportRequest>;

export const StockProblem = z.object({
  /** The row's number in the file, the header being row 1 (as a spreadsheet numbers it). */
  row: z.number().int(),
  field: z.enum(STOCK_COLUMNS).nullable(),
  reason: z.enum(STOCK_PROBLEM_REASONS),
  /** duplicate_in_file: the earlier row with the same value. */
  first_row: z.number().int().optional(),
});
export type StockProblem = z.infer<typeof StockProblem>;

export const StockImportResult = z.object({
  mode: z.enum(STOCK_IMPORT_MODES),
  /** Data rows in the file (blank lines not counted). */
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** The first STOCK_PROBLEMS_LISTED problems, by row. */
  problems: z.array(StockProblem),
  problems_total: z.number().int(),
  /** Cards this call added to stock (0 in check mode). */
  imported: z.number().int(),
  /** Valid rows another import added while this one ran (a repeated file): nothing new. */
  already_imported: z.number().int(),
});
export type StockImportResult = z.infer<typeof StockImportResult>;

export const StockLevelsByAuth = z.object({ auth: z.enum(STOCK_AUTH_KINDS), free: z.number().int(), allocated: z.number().int() });

export const StockLevels = z.object({
  free: z.number().int(),
  allocated: z.number().int(),
  total: z.number().int(),
  by_auth: z.array(StockLevelsByAuth),
  last_import: UnixSeconds.nullable(),
});
export type StockLevels = z.infer<typeof StockLevels>;

/** Root's Tools → SIM stock. */
export const SIM_STOCK_API = {
  levels: read('/api/tools/sim_stock/levels', { body: EmptyBody, result: StockLevels, access: 'tools.use' }),
  import: action('/api/tools/sim_stock/import', { body: StockImportRequest, result: StockImportResult, access: 'tools.use', writable: false }),
} as const;
