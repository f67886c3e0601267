import { COMPANY_STATES, type CompanyState } from '@cab/contract/companies-admin';
import { oneOf, pageIndex, pageSize, text, urlState } from '@/lib/url-state';

/** The companies table's state lives in the URL (query, state, pageIndex), so a link reproduces it. */
export interface CompaniesListState {
  query: string;
  state: CompanyState | null;
  /** One-based, as the user sees it. */
  pageIndex: number;
  pageSize: number;
}

export const COMPANIES_LIST_URL = urlState<CompaniesListState>({ query: text(100), state: oneOf(COMPANY_STATES), pageIndex, pageSize });

export const readListState = COMPANIES_LIST_URL.parse;
export const writeListState = COMPANIES_LIST_URL.write;
