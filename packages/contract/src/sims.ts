import { z } from 'zod';
import { Id, Page, Size, UnixSeconds } from './common.js';
import { BLOCK_TYPES, SIM_PROFILES, SIM_SORT_COLUMNS, type SimProfile } from './constants.js';
import { action, read } from './endpoint.js';
import { ENTRY_PATHS } from './paths.js';
import { SimLabel } from './sim-labels.js';

/** The most identifiers one CSV filter may carry. */
export const CSV_FILTER_MAX_IDS = 100_000;
export const CSV_FILTER_MAX_BYTES = 4 * 1024 * 1024;

/** How many of the CSV filter's lines that matched no SIM the list's answer carries; the rest are downloaded. */
export const CSV_MISSING_SHOWN = 100;

/** A line of the CSV filter (1-based, as the file numbers it) and its text. */
export const CsvLine = z.object({ line: z.number().int(), text: z.string() });
export type CsvLine = z.infer<typeof CsvLine>;

/** The CSV filter's lines none of whose identifiers matched a SIM of the filter (issue 25.9). */
export const CsvMissing = z.object({
  count: z.number().int(),
  /** The first CSV_MISSING_SHOWN of them. */
  lines: z.array(CsvLine),
});
export type CsvMissing = z.infer<typeof CsvMissing>;

/** Counts above this are reported as "more than" (capped), so every page stays fast at 1M SIMs. */
export const SIM_COUNT_CAP = 10_000;

export const SimListFilter = z.strictObject({
  query: z.string().trim().max(100).optional(),
  profile: z.enum(SIM_PROFILES).nullish(),
  blocked: z.number().int().min(0).max(3).default(0).describe('0 any, 1 blocked, 2 not blocked, 3 blocked by MSU (spec §3)'),
  msu_block: z.boolean().optional().describe('Only SIMs blocked by MSU (spec §7); combines with `blocked`, so `{blocked: 3}` and `{blocked: 1, msu_block: true}` ask the same'),
  company: z.array(Id).max(200).optional(),
  empty_name: z.boolean().optional(),
  group: Id.optional(),
  /** Only SIMs carrying this label (issue 25.6). */
  label: SimLabel.optional(),
  /** The CSV file's text: ICCIDs and/or numbers, see spec §5. */
  csv: z.string().max(CSV_FILTER_MAX_BYTES).optional(),
});
export type SimListFilter = z.infer<typeof SimListFilter>;

export const SimListRequest = z.strictObject({
  childs: z.boolean().default(false),
  page: Page,
  size: Size,
  filter: SimListFilter.default({ blocked: 0 }),
  sort: z.partialRecord(z.enum(SIM_SORT_COLUMNS), z.enum(['asc', 'desc'])).optional(),
});
export type SimListRequest = z.input<typeof SimListRequest>;
export type SimListQuery = z.output<typeof SimListRequest>;

export const SimRow = z.object({
  id: Id,
  iccid: z.string(),
  msisdn: z.string(),
  name: z.string().nullable(),
  profile: z.enum(SIM_PROFILES),
  block_type: z.enum(BLOCK_TYPES),
  company_id: Id,
  company_name: z.string(),
  msu: z.number().nullable(),
  package: z.string().nullable(),
  limit_mb: z.number().nullable(),
  balance: z.number().nullable(),
  external_id: z.string().nullable(),
  added: z.number().int(),
  /** Its labels in order (issue 25.6). */
  labels: z.array(z.string()),
});
export type SimRow = z.infer<typeof SimRow>;

export const SimListResult = z.object({
  items: z.array(SimRow),
  total: z.number().int(),
  /** False when there are more than the cap: `total` is then the cap ("at least that many"). */
  total_exact: z.boolean(),
  /** With a CSV filter: its lines that matched no SIM. */
  csv_missing: CsvMissing.optional(),
});
export type SimListResult = z.infer<typeof SimListResult>;

export type ProfileRule = 'limit' | 'balance' | 'package';

/** Which operations each profile allows (ARCHITECTURE §7); server and UI both use it. */
export const PROFILE_RULES: Record<SimProfile, Record<ProfileRule, boolean>> = {
  TC: { limit: true, balance: true, package: false },
  TD: { limit: false, balance: false, package: true },
  BK: { limit: false, balance: false, package: false },
  MS: { limit: false, balance: false, package: false },
  MF: { limit: false, balance: false, package: false },
};

export const SimGetRequest = z.strictObject({ id: Id });

export const SimNetwork = z.object({
  online: z.boolean(),
  last_seen: z.number().int().nullable(),
  imei: z.string().nullable(),
  cell: z.string().nullable(),
  rat: z.string().nullable(),
  session_started: z.number().int().nullable(),
  /** Serving network (MCC-MNC) as RADIUS accounting last reported it. */
  operator: z.string().nullable(),
  /**
   * What the HLR holds (NETWORK_ADAPTER=osmo-hlr): known at all, attached, the serving VLR and SGSN,
   * data (PS) and voice/SMS (CS) access. Null under the simulator or when the HLR did not answer.
   */
  hlr: z
    .object({
      provisioned: z.boolean(),
      attached: z.boolean(),
      vlr_number: z.string().nullable(),
      sgsn_number: z.string().nullable(),
      ps_enabled: z.boolean(),
      cs_enabled: z.boolean(),
    })
    .nullable(),
});
export type SimNetwork = z.infer<typeof SimNetwork>;

export const SimDetail = SimRow.extend({
  /** The subscriber identity in the HLR; null for a SIM that came from no stock file. */
  imsi: z.string().nullable(),
  block_reason: z.string().nullable(),
  m25_id: z.string().nullable(),
  month_spend: z.number(),
  groups: z.array(z.object({ id: Id, name: z.string() })),
  /** Null when the network could not be asked (the page then shows the spec's error text). */
  network: SimNetwork.nullable(),
  /** The IMEI the SIM is locked to (issue 25.5), whether another one blocks it, and since when; null: not locked. */
  imei_lock: z.object({ imei: z.string(), block: z.boolean(), since: UnixSeconds }).nullable(),
});
export type SimDetail = z.infer<typeof SimDetail>;

export const SimUpdateRequest = z.strictObject({
  id: Id,
  name: z.string().trim().max(100).nullable().optional(),
  /** Monthly spend cap in EUR; null removes it. */
  msu: z.number().min(0).max(100_000).multipleOf(0.01).nullable().optional(),
  external_id: z.string().trim().max(100).nullable().optional(),
});
export type SimUpdateRequest = z.infer<typeof SimUpdateRequest>;

export const USAGE_KINDS = ['data', 'sms', 'call'] as const;
export const SimUsageRequest = z.strictObject({
  id: Id,
  kind: z.enum(USAGE_KINDS).optional(),
  page: Page,
  size: z.number().int().min(1).max(100),
});
export const SimUsageItem = z.object({
  id: Id,
  kind: z.enum(USAGE_KINDS),
  direction: z.enum(['in', 'out']).nullable(),
  started: z.number().int(),
  bytes: z.number().nullable(),
  seconds: z.number().nullable(),
  text: z.string().nullable(),
  cost: z.number(),
});
export type SimUsageItem = z.infer<typeof SimUsageItem>;
export const SimUsageResult = z.object({ items: z.array(SimUsageItem), total: z.number().int() });
export type SimUsageResult = z.infer<typeof SimUsageResult>;

/** Every line of the CSV filter that matched no SIM, for the "Not found" download. */
export const CsvMissingRequest = z.strictObject({ childs: z.boolean().default(false), filter: SimListFilter });
export const CsvMissingResult = z.object({ lines: z.array(CsvLine) });
export type CsvMissingResult = z.infer<typeof CsvMissingResult>;

/** The cards list and a SIM's page: its details, its own settings and its usage. */
export const SIMS_API = {
  list: read(ENTRY_PATHS.simsList, { body: SimListRequest, result: SimListResult, access: 'sims.read' }),
  get: read('/api/sims/get', { body: SimGetRequest, result: SimDetail, access: 'sims.read' }),
  update: action('/api/sims/update', { body: SimUpdateRequest, result: SimDetail, access: 'sims.operate', writable: true }),
  csvMissing: read('/api/sims/csv_missing', { body: CsvMissingRequest, result: CsvMissingResult, access: 'sims.read' }),
  usage: read('/api/sims/usage', { body: SimUsageRequest, result: SimUsageResult, access: 'sims.read' }),
} as const;
