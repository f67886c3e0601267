import type { Lang } from '@cab/contract/constants';
import type { GeneratedReportKind } from '@cab/contract/generated-reports';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';

/** How a column is written: XLSX gets a number format for it, CSV writes every cell as text. */
export type ReportColumnType = 'text' | 'integer' | 'decimal' | 'date' | 'datetime';

export interface ReportColumn {
  key: string;
  header: Record<Lang, string>;
  type: ReportColumnType;
  /** XLSX column width in characters. */
  width?: number;
}

/**
 * One cell: text, a number, a Date or null. `date` cells are 'YYYY-MM-DD' strings; `datetime` cells
 * are Dates or unix seconds (UTC), written as 'YYYY-MM-DD HH:MM:SS' in CSV and as a date-time in XLSX.
 */
export type ReportCell = string | number | Date | null;

/** JSON a worker gets back: the checked request and the company scope it was checked against. */
export type SourceParams = Record<string, unknown>;

/** What a source found when it checked a request: what to run later and how to describe it. */
export interface CheckedRequest {
  params: SourceParams;
  /** A short summary of the filter in the caller's language, for the downloads list. */
  filter: string;
  from: string | null;
  to: string | null;
}

/** A source opened in a worker: its columns, how many rows it will give, and the rows themselves. */
export interface OpenedSource {
  columns: ReportColumn[];
  /** Rows the file will hold, for the progress percentage. */
  count(): Promise<number>;
  /** Batches of rows (cells in column order), keyset paged: never every row in memory at once. */
  rows(): AsyncIterable<ReportCell[][]>;
  /**
   * The same rows as CSV lines (no line ends) exactly as the CSV writer would print them, made
   * where that is much cheaper (the database composes them for the big raw-record reports).
   */
  csvLines?(): AsyncIterable<string[]>;
}

/**
 * A kind of generated file. `check` runs in the API on the caller's request with the caller's
 * rights and throws the same errors as the on-screen report (bad filter, dates, another company's
 * group → 404); `open` runs in a worker from the params `check` returned, without a caller.
 */
export interface ReportSource {
  kind: GeneratedReportKind;
  /** File name stem, ASCII: e.g. `sessions` → `sessions-2026-11-01_2026-11-30-17.xlsx`. */
  fileStem: string;
  title: Record<Lang, string>;
  check(db: Db, principal: Principal, request: unknown, lang: Lang): Promise<CheckedRequest>;
  open(db: Db, params: SourceParams, lang: Lang): Promise<OpenedSource>;
}

const registry = new Map<GeneratedReportKind, ReportSource>();

/**
 * Adds (or replaces) the source of a kind. Sources register themselves from their own module
 * (usage reports: sims/reports; the SIM list export: sims/list) through `registered-sources.ts`.
 * Returns what puts the kind's former source back (a test's stand-in must not outlive its file).
 */
export function registerReportSource(source: ReportSource): () => void {
  const former = registry.get(source.kind);
  registry.set(source.kind, source);
  return () => {
    if (former) registry.set(source.kind, former);
    else registry.delete(source.kind);
  };
}

export function reportSource(kind: string): ReportSource | undefined {
  return registry.get(kind as GeneratedReportKind);
}
