import { z } from 'zod';
import { EmptyBody, Id, UnixSeconds } from './common.js';
import { SIM_PROFILES, SIM_SORT_COLUMNS } from './constants.js';
import { action, read } from './endpoint.js';
import { SimListFilter } from './sims.js';
import { SimLabel } from './sim-labels.js';

/** Columns of the cards table (and of its export), in display order. */
export const SIM_LIST_COLUMNS = [
  'iccid',
  'msisdn',
  'name',
  'profile',
  'block_type',
  'company',
  'msu',
  'package',
  'limit_mb',
  'balance',
  'external_id',
  'added',
] as const;
export type SimListColumn = (typeof SIM_LIST_COLUMNS)[number];

/** Up to this many rows an export streams straight to the browser; more go to a background file. */
export const EXPORT_DIRECT_MAX_ROWS = 10_000;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const SortEntry = z.partialRecord(z.enum(SIM_SORT_COLUMNS), z.enum(['asc', 'desc']));

export const SimExportRequest = z.strictObject({
  format: z.enum(EXPORT_FORMATS),
  childs: z.boolean().default(false),
  filter: SimListFilter.default({ blocked: 0 }),
  sort: SortEntry.optional(),
});
export type SimExportRequest = z.input<typeof SimExportRequest>;

/**
 * The direct export answers the file itself (a CSV or XLSX stream), not `{ result }`, to a POST (its
 * filter may be megabytes): no registry endpoint fits it, so the server registers it as a plain
 * route and the access table lists it among the unregistered routes (route-access.ts).
 */
export const SIM_EXPORT_PATH = '/api/sims/export';

/** What an export over the direct limit answers: it became a background file (or, without one, was refused). */
export const SimExportQueued = z.object({ generated_report: Id.nullable(), rows: z.number().int() });

export const QUICK_SEARCH_MIN = 3;
export const QUICK_SEARCH_MAX = 50;
export const QUICK_SEARCH_LIMIT = 8;

export const QuickSearchRequest = z.strictObject({
  q: z.string().trim().min(QUICK_SEARCH_MIN).max(QUICK_SEARCH_MAX),
});

export const QuickSearchHit = z.object({
  id: Id,
  iccid: z.string(),
  msisdn: z.string(),
  name: z.string().nullable(),
  external_id: z.string().nullable(),
  imei: z.string().nullable(),
  company_name: z.string(),
});
export type QuickSearchHit = z.infer<typeof QuickSearchHit>;

export const QuickSearchResult = z.object({
  items: z.array(QuickSearchHit),
  /** More SIMs match than the ones listed: the list page shows them all. */
  more: z.boolean(),
});
export type QuickSearchResult = z.infer<typeof QuickSearchResult>;

export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEWS_PER_USER = 30;

/** A saved view: the list's filter (no CSV file), visible columns and sort. */
export const SavedViewState = z.strictObject({
  filter: z.strictObject({
    query: z.string().trim().max(100).default(''),
    profile: z.enum(SIM_PROFILES).nullable().default(null),
    blocked: z.number().int().min(0).max(3).default(0),
    childs: z.boolean().default(false),
    company: Id.nullable().default(null),
    empty_name: z.boolean().default(false),
    group: Id.nullable().default(null),
    label: z.union([SimLabel, z.literal('')]).default(''),
  }),
  columns: z.array(z.enum(SIM_LIST_COLUMNS)).min(1).max(SIM_LIST_COLUMNS.length),
  sort: z.strictObject({ column: z.enum(SIM_SORT_COLUMNS), type: z.enum(['asc', 'desc']) }).nullable().default(null),
  page_size: z.number().int().min(1).max(500).optional(),
});
export type SavedViewState = z.infer<typeof SavedViewState>;

const ViewName = z.string().trim().min(1).max(SAVED_VIEW_NAME_MAX);

export const SavedView = z.object({
  id: Id,
  name: z.string(),
  shared: z.boolean(),
  state: SavedViewState,
  owner: z.object({ id: Id, first_name: z.string(), last_name: z.string() }),
  /** The caller may rename, reshare or delete it (its author, or a company admin for a shared one). */
  editable: z.boolean(),
  updated: UnixSeconds,
});
export type SavedView = z.infer<typeof SavedView>;

export const SavedViewListResult = z.object({ items: z.array(SavedView) });
export type SavedViewListResult = z.infer<typeof SavedViewListResult>;

export const SavedViewCreateRequest = z.strictObject({ name: ViewName, shared: z.boolean().default(false), state: SavedViewState });
export type SavedViewCreateRequest = z.input<typeof SavedViewCreateRequest>;
export const SavedViewUpdateRequest = z.strictObject({
  id: Id,
  name: ViewName.optional(),
  shared: z.boolean().optional(),
  state: SavedViewState.optional(),
});
export type SavedViewUpdateRequest = z.input<typeof SavedViewUpdateRequest>;
export const SavedViewDeleteRequest = z.strictObject({ id: Id });
export const SavedViewDeleteResult = z.object({ id: z.number().int() });

/**
 * The header's quick search and saved views. Saved views belong to a signed-in user (an API token
 * has no person to keep them for). A blocked company's user may still keep private views: the
 * service refuses it only sharing one or changing a shared one, so these actions are not `writable`.
 */
export const SIM_TOOLS_API = {
  quickSearch: read('/api/sims/quick_search', { body: QuickSearchRequest, result: QuickSearchResult, access: 'sims.read' }),
  viewsList: read('/api/views/list', { body: EmptyBody, result: SavedViewListResult, access: 'userSession' }),
  viewsCreate: action('/api/views/create', { body: SavedViewCreateRequest, result: SavedView, access: 'userSession', writable: false }),
  viewsUpdate: action('/api/views/update', { body: SavedViewUpdateRequest, result: SavedView, access: 'userSession', writable: false }),
  viewsDelete: action('/api/views/delete', { body: SavedViewDeleteRequest, result: SavedViewDeleteResult, access: 'userSession', writable: false }),
} as const;
