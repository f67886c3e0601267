import { MAX_PAGE_SIZE, PAGE_SIZE } from '@cab/contract/constants';
import { LEDGER_KINDS, type DepositListRequest, type LedgerKind } from '@cab/contract/deposit';

/** The deposit filter of spec §3 (company, type) and the page, as they live in the URL. */
export interface DepositState {
  company: number | null;
  type: LedgerKind | null;
  /** One-based, like the UI. */
  pageIndex: number;
  pageSize: number;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const parsed = Number(value);
  return parsed > 0 ? parsed : null;
}

/** Anything malformed in the URL falls back to its default. */
export function parseDepositState(params: URLSearchParams): DepositState {
  const pageSize = positiveInt(params.get('pageSize'));
  return {
    company: positiveInt(params.get('company')),
    type: LEDGER_KINDS.find((kind) => kind === params.get('type')) ?? null,
    pageIndex: positiveInt(params.get('pageIndex')) ?? 1,
    pageSize: pageSize !== null && pageSize <= MAX_PAGE_SIZE ? pageSize : PAGE_SIZE,
  };
}

/** Writes only what differs from the defaults, so links stay short. */
export function writeDepositState(state: DepositState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.company !== null) params.set('company', String(state.company));
  if (state.type !== null) params.set('type', state.type);
  if (state.pageIndex !== 1) params.set('pageIndex', String(state.pageIndex));
  if (state.pageSize !== PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  return params;
}

export function toDepositRequest(state: DepositState): DepositListRequest {
  return {
    page: state.pageIndex - 1,
    size: state.pageSize,
    filter: {
      ...(state.company !== null ? { company: state.company } : {}),
      ...(state.type !== null ? { type: state.type } : {}),
    },
  };
}
