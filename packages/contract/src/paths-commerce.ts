/** Paths of orders, bills and the deposit ledger; apart from paths.ts so the login route's bundle carries only what it calls. */
export const COMMERCE_API = {
  depositList: '/api/deposit/list',
  depositAdjust: '/api/deposit/adjust',
  ordersList: '/api/orders/list',
  ordersGet: '/api/orders/get',
  ordersCreate: '/api/orders/create',
  ordersStatus: '/api/orders/status',
  ordersComment: '/api/orders/comment',
  ordersCancel: '/api/orders/cancel',
  billsList: '/api/bills/list',
  billsCreate: '/api/bills/create',
  billsSettings: '/api/bills/settings',
  billsMarkPaid: '/api/bills/mark_paid',
  billsCancel: '/api/bills/cancel',
  billsPayFromBalance: '/api/bills/pay_from_balance',
  billsPdf: '/api/bills/pdf',
} as const;
