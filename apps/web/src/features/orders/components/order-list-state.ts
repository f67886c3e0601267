import { ORDER_GROUPS, type OrderGroup, type OrderListRequest } from '@cab/contract/orders';
import { flag, oneOfOr, pageIndex, pageSize, urlState } from '@/lib/url-state';

/** What the orders page shows, kept in the URL so a link reproduces the view. pageIndex is one-based. */
export interface OrderListState {
  group: OrderGroup;
  pageIndex: number;
  pageSize: number;
  /** The new-order dialog is open (`?new=1`: links from the home page and the sidebar). */
  creating: boolean;
}

export const ORDER_LIST_URL = urlState<OrderListState>(
  { group: oneOfOr(ORDER_GROUPS, 'actual'), pageIndex, pageSize, creating: flag },
  { names: { creating: 'new' } },
);

export const parseOrderListState = ORDER_LIST_URL.parse;
export const writeOrderListState = ORDER_LIST_URL.write;

export function toOrderListRequest(state: OrderListState): OrderListRequest {
  return { page: state.pageIndex - 1, size: state.pageSize, filter: { group: state.group } };
}
