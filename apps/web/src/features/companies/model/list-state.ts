import { COMPANY_STATES, type CompanyState } from '@cab/contract/companies-admin';
import { PAGE_SIZE } from '@cab/contract/constants';

/** The companies table's state lives in the URL (q, state, page — page one-based there), so a link reproduces it. */
export interface CompaniesListState {
  query: string;
  state: CompanyState | null;
  /** Zero-based. */
  page: number;
  size: number;
}

export function readListState(params: URLSearchParams): CompaniesListState {
  const state = COMPANY_STATES.find((s) => s === params.get('state')) ?? null;
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    query: (params.get('q') ?? '').slice(0, 100),
    state,
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    size: PAGE_SIZE,
  };
}

export function writeListState(state: CompaniesListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set('q', state.query);
  if (state.state) params.set('state', state.state);
  if (state.page > 0) params.set('page', String(state.page + 1));
  return params;
}
