import { PAGE_SIZE } from '@cab/contract/constants';
import { ORDER_GROUPS, type OrderGroup, type OrderListRequest } from '@cab/contract/orders';

/** What the orders page shows, kept in the URL so a link reproduces the view. Page is one-based here. */
export interface OrderListState {
  group: OrderGroup;
  page: number;
  size: number;
  creating: boolean;
}

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

export function parseOrderListState(params: URLSearchParams): OrderListState {
  return {
    group: ORDER_GROUPS.find((g) => g === params.get('group')) ?? 'actual',
    page: positive(params.get('page'), 1, 1_000_000),
    size: positive(params.get('size'), PAGE_SIZE, 100),
    creating: params.get('new') === '1',
  };
}

export function writeOrderListState(state: OrderListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.group !== 'actual') params.set('group', state.group);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.size !== PAGE_SIZE) params.set('size', String(state.size));
  if (state.creating) params.set('new', '1');
  return params;
}

export function toOrderListRequest(state: OrderListState): OrderListRequest {
  return { page: state.page - 1, size: state.size, filter: { group: state.group } };
}
