import { PAGE_SIZE } from '@cab/contract/constants';
import { PERIOD_PATTERN, type BillListRequest } from '@cab/contract/bills';

/** The docs filter of spec §3, kept in the URL (page one-based here, zero-based in the request). */
export interface DocsListState {
  paid: 0 | 1 | 2;
  company: number | null;
  period: string;
  country: string;
  page: number;
  size: number;
  creating: boolean;
}

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

export function parseDocsListState(params: URLSearchParams): DocsListState {
  const paid = Number(params.get('paid'));
  const period = params.get('period') ?? '';
  const country = (params.get('country') ?? '').toUpperCase();
  return {
    paid: paid === 1 || paid === 2 ? paid : 0,
    company: positive(params.get('company'), 0, Number.MAX_SAFE_INTEGER) || null,
    period: PERIOD_PATTERN.test(period) ? period : '',
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    page: positive(params.get('page'), 1, 1_000_000),
    size: positive(params.get('size'), PAGE_SIZE, 100),
    creating: params.get('new') === '1',
  };
}

export function writeDocsListState(state: DocsListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.paid) params.set('paid', String(state.paid));
  if (state.company) params.set('company', String(state.company));
  if (state.period) params.set('period', state.period);
  if (state.country) params.set('country', state.country);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.size !== PAGE_SIZE) params.set('size', String(state.size));
  if (state.creating) params.set('new', '1');
  return params;
}

export function toBillListRequest(state: DocsListState): BillListRequest {
  return {
    page: state.page - 1,
    size: state.size,
    filter: {
      paid: state.paid,
      ...(state.company ? { company: state.company } : {}),
      ...(state.period ? { period: state.period } : {}),
      ...(state.country ? { country: state.country } : {}),
    },
  };
}
