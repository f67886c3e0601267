import { LEDGER_KINDS, type DepositListRequest, type LedgerKind } from '@cab/contract/deposit';
import { id, oneOf, pageIndex, pageSize, urlState } from '@/lib/url-state';

/** The deposit filter of spec §3 (company, type) and the page, as they live in the URL. */
export interface DepositState {
  company: number | null;
  type: LedgerKind | null;
  /** One-based, like the UI. */
  pageIndex: number;
  pageSize: number;
}

/** The deposit filter and page in the URL (lib/url-state). */
export const DEPOSIT_URL = urlState<DepositState>({ company: id, type: oneOf(LEDGER_KINDS), pageIndex, pageSize });

/** Anything malformed in the URL falls back to its default. */
export const parseDepositState = DEPOSIT_URL.parse;
/** Writes only what differs from the defaults, so links stay short. */
export const writeDepositState = DEPOSIT_URL.write;

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
