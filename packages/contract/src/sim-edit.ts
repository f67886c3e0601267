import { z } from 'zod';
import { Id, Page, Size } from './common.js';
import { LANGS } from './constants.js';
import { action, file, read } from './endpoint.js';

/*
 * Bulk edit from a CSV file (issue 25.6): one line per SIM sets its name, external id and labels.
 * The file starts it as a queue operation (progress in the header, history on /operations); every
 * line gets a result of its own — done, or why not (an ICCID no SIM has, another company's SIM, a
 * value that is not allowed, a SIM named twice).
 */

/** Data lines one file may hold (blank lines aside). */
export const SIM_EDIT_MAX_LINES = 50_000;
/** Characters of one file: 50,000 lines of the longest valid values with room to spare. */
export const SIM_EDIT_MAX_CHARS = 16 * 1024 * 1024;
/** The file's columns as its header names them (any order, any case); ICCID and at least one other. */
export const SIM_EDIT_COLUMNS = ['iccid', 'name', 'external_id', 'labels'] as const;
export type SimEditColumn = (typeof SIM_EDIT_COLUMNS)[number];
/** A cell of only this clears the value (labels: every label); an empty cell leaves it as it is. */
export const SIM_EDIT_CLEAR = '-';
/** Labels in one cell are separated by this (a label never holds it). */
export const SIM_EDIT_LABEL_SEPARATOR = '|';
/** Longest name and external id (as on the SIM page). */
export const SIM_EDIT_VALUE_MAX = 100;

/**
 * What became of a line: pending (not yet done), ok, or why it was left out — the ICCID names no SIM
 * (unknown_iccid) or a SIM of a company the user does not see (other_company), a value is not
 * allowed (invalid: `reason` says which), or an earlier line named the same SIM (duplicate); or the
 * SIM already had every value the line gives (unchanged: known when the line's turn comes).
 */
export const SIM_EDIT_LINE_STATUSES = ['pending', 'ok', 'unknown_iccid', 'other_company', 'invalid', 'duplicate', 'unchanged'] as const;
export type SimEditLineStatus = (typeof SIM_EDIT_LINE_STATUSES)[number];

/** Why a line's value is not allowed: the column and the rule, as `column_rule`. */
export const SIM_EDIT_INVALID_REASONS = [
  'iccid_format',
  'name_too_long',
  'external_id_too_long',
  'labels_format',
  'labels_too_many',
  'labels_company_limit',
  'line_columns',
] as const;
export type SimEditInvalidReason = (typeof SIM_EDIT_INVALID_REASONS)[number];

export const SimEditStartRequest = z.strictObject({
  /** The file's text: a header row, then `,` or `;` separated lines; a cell may be "quoted". */
  file: z.string().min(1).max(SIM_EDIT_MAX_CHARS),
});
export type SimEditStartRequest = z.infer<typeof SimEditStartRequest>;

export const SimEditCounts = z.object({
  lines: z.number().int(),
  pending: z.number().int(),
  ok: z.number().int(),
  unknown_iccid: z.number().int(),
  other_company: z.number().int(),
  invalid: z.number().int(),
  duplicate: z.number().int(),
  unchanged: z.number().int(),
});
export type SimEditCounts = z.infer<typeof SimEditCounts>;

export const SimEditStartResult = z.object({
  /** The queue item that sets the matched lines; their SIMs are its `count`. */
  qid: Id,
  count: z.number().int(),
  counts: SimEditCounts,
});
export type SimEditStartResult = z.infer<typeof SimEditStartResult>;

/** Which lines to list: all, or those that were left out (not pending, not ok). */
export const SIM_EDIT_LINE_FILTERS = ['all', 'problems'] as const;

export const SimEditLinesRequest = z.strictObject({
  qid: Id,
  show: z.enum(SIM_EDIT_LINE_FILTERS).default('all'),
  page: Page.default(0),
  size: Size.default(25),
});
export type SimEditLinesRequest = z.input<typeof SimEditLinesRequest>;

export const SimEditLine = z.object({
  /** The line's number in the file, the header being line 1 (as a spreadsheet numbers it). */
  line: z.number().int(),
  iccid: z.string(),
  status: z.enum(SIM_EDIT_LINE_STATUSES),
  reason: z.enum(SIM_EDIT_INVALID_REASONS).nullable(),
});
export type SimEditLine = z.infer<typeof SimEditLine>;

export const SimEditLinesResult = z.object({ counts: SimEditCounts, total: z.number().int(), items: z.array(SimEditLine) });
export type SimEditLinesResult = z.infer<typeof SimEditLinesResult>;

export const SimEditLinesCsvQuery = z.strictObject({ qid: z.coerce.number().int().positive(), lang: z.enum(LANGS).optional() });

export const SIM_EDIT_API = {
  start: action('/api/sims/edit/start', { body: SimEditStartRequest, result: SimEditStartResult, access: 'sims.operate', writable: true }),
  lines: read('/api/sims/edit/lines', { body: SimEditLinesRequest, result: SimEditLinesResult, access: 'sims.read' }),
  linesCsv: file('/api/sims/edit/lines_csv', { query: SimEditLinesCsvQuery, access: 'sims.read' }),
} as const;
