import { PERIOD_PATTERN, type BillListRequest } from '@cab/contract/bills';
import { flag, id, matching, numberIn, pageIndex, pageSize, urlState } from '@/lib/url-state';

/** The docs filter of spec §3, kept in the URL (pageIndex one-based here, page zero-based in the request). */
export interface DocsListState {
  paid: 0 | 1 | 2;
  company: number | null;
  period: string;
  country: string;
  pageIndex: number;
  pageSize: number;
  /** The bill dialog is open (`?new=1`). */
  creating: boolean;
}

export const DOCS_LIST_URL = urlState<DocsListState>(
  {
    paid: numberIn([0, 1, 2] as const, 0),
    company: id,
    period: matching(PERIOD_PATTERN),
    country: matching(/^[A-Z]{2}$/, (raw) => raw.toUpperCase()),
    pageIndex,
    pageSize,
    creating: flag,
  },
  { names: { creating: 'new' } },
);

export const parseDocsListState = DOCS_LIST_URL.parse;
export const writeDocsListState = DOCS_LIST_URL.write;

export function toBillListRequest(state: DocsListState): BillListRequest {
  return {
    page: state.pageIndex - 1,
    size: state.pageSize,
    filter: {
      paid: state.paid,
      ...(state.company ? { company: state.company } : {}),
      ...(state.period ? { period: state.period } : {}),
      ...(state.country ? { country: state.country } : {}),
    },
  };
}
