import { ACCOUNT_API } from './paths-accounts.js';
import { COMMERCE_API } from './paths-commerce.js';
import { API } from './paths.js';
import type { Permission } from './roles.js';

/**
 * Who may call a route:
 * - `public`: anyone, no token (login, refresh, registration start, password recovery);
 * - `signedIn`: any principal, a signed-in user or an API token;
 * - `userSession`: a signed-in user only — an API token is not a sign-in, so it may not act on one
 *   (profile, password, sessions, logout, registration, impersonation);
 * - a permission: principals whose role holds it (roles.ts; API tokens: API_TOKEN_PERMISSIONS).
 */
export type RouteAccess = 'public' | 'signedIn' | 'userSession' | Permission;

/**
 * The one gate of the API: every route, keyed by method and route pattern, and who may call it. The
 * server looks a request up by the route the router matched (never by the URL string) and refuses to
 * start with an /api route missing here; the access matrix test calls every route as every principal.
 */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  [`POST ${API.login}`]: 'public',
  [`POST ${API.tokenRefresh}`]: 'public',
  [`POST ${API.forgotRequest}`]: 'public',
  [`POST ${API.forgotReset}`]: 'public',
  [`POST ${ACCOUNT_API.registerCountries}`]: 'public',
  [`POST ${ACCOUNT_API.registerStart}`]: 'public',
  [`POST ${ACCOUNT_API.registerConfirm}`]: 'public',
  [`GET ${API.openapi}`]: 'public',

  [`POST ${API.sessionCheck}`]: 'signedIn',
  [`POST ${API.me}`]: 'signedIn',
  [`POST ${API.newsList}`]: 'signedIn',
  [`POST ${API.notifyList}`]: 'signedIn',
  [`POST ${API.notifyRead}`]: 'signedIn',
  [`GET ${API.queueList}`]: 'signedIn',
  [`POST ${API.companiesScope}`]: 'signedIn',
  [`POST ${ACCOUNT_API.companyGet}`]: 'signedIn',

  [`POST ${API.logout}`]: 'userSession',
  [`POST ${API.profileGet}`]: 'userSession',
  [`POST ${API.profileUpdate}`]: 'userSession',
  [`POST ${API.profilePassword}`]: 'userSession',
  [`POST ${API.profileSessions}`]: 'userSession',
  [`POST ${API.profileSessionsRevokeOthers}`]: 'userSession',
  [`POST ${ACCOUNT_API.usersImpersonateEnd}`]: 'userSession',
  [`POST ${ACCOUNT_API.registrationStatus}`]: 'userSession',
  [`POST ${ACCOUNT_API.registrationJurisdiction}`]: 'userSession',
  [`POST ${ACCOUNT_API.registrationCompanyType}`]: 'userSession',
  [`POST ${ACCOUNT_API.registrationCompany}`]: 'userSession',
  [`POST ${ACCOUNT_API.registrationAdministrator}`]: 'userSession',
  [`POST ${ACCOUNT_API.registrationPhoneCall}`]: 'userSession',
  [`POST ${ACCOUNT_API.registrationPhoneVerify}`]: 'userSession',
  [`POST ${ACCOUNT_API.registrationFinish}`]: 'userSession',

  [`POST ${API.simsList}`]: 'sims.read',
  [`POST ${API.simsGet}`]: 'sims.read',
  [`POST ${API.simsUsage}`]: 'sims.read',
  [`POST ${API.groupsList}`]: 'sims.read',
  [`GET ${API.queueResults}`]: 'sims.read',
  [`POST ${API.simsUpdate}`]: 'sims.operate',
  [`POST ${API.queueCreate}`]: 'sims.operate',
  [`POST ${API.queueCancel}`]: 'sims.operate',
  [`POST ${API.groupsCreate}`]: 'groups.manage',
  [`POST ${API.groupsRename}`]: 'groups.manage',
  [`POST ${API.groupsDelete}`]: 'groups.manage',
  [`POST ${API.newsCreate}`]: 'news.publish',

  [`POST ${COMMERCE_API.ordersList}`]: 'billing.read',
  [`POST ${COMMERCE_API.ordersGet}`]: 'billing.read',
  [`POST ${COMMERCE_API.billsList}`]: 'billing.read',
  [`POST ${COMMERCE_API.billsSettings}`]: 'billing.read',
  [`GET ${COMMERCE_API.billsPdf}`]: 'billing.read',
  [`POST ${COMMERCE_API.depositList}`]: 'billing.read',
  [`POST ${COMMERCE_API.ordersCreate}`]: 'orders.manage',
  [`POST ${COMMERCE_API.ordersCancel}`]: 'orders.manage',
  [`POST ${COMMERCE_API.billsCreate}`]: 'bills.manage',
  [`POST ${COMMERCE_API.billsPayFromBalance}`]: 'bills.manage',
  [`POST ${COMMERCE_API.ordersComment}`]: 'companies.manage',
  [`POST ${COMMERCE_API.ordersStatus}`]: 'companies.manage',
  [`POST ${COMMERCE_API.billsMarkPaid}`]: 'companies.manage',
  [`POST ${COMMERCE_API.billsCancel}`]: 'companies.manage',
  [`POST ${COMMERCE_API.depositAdjust}`]: 'companies.manage',

  [`POST ${ACCOUNT_API.companyUpdate}`]: 'company.edit',
  [`POST ${ACCOUNT_API.companyUsersList}`]: 'users.manage',
  [`POST ${ACCOUNT_API.companyUsersCreate}`]: 'users.manage',
  [`POST ${ACCOUNT_API.companyUsersUpdate}`]: 'users.manage',
  [`POST ${ACCOUNT_API.companyUsersBlock}`]: 'users.manage',
  [`POST ${ACCOUNT_API.companyUsersUnblock}`]: 'users.manage',
  [`POST ${ACCOUNT_API.companyUsersDelete}`]: 'users.manage',
  [`POST ${ACCOUNT_API.companyUsersSendPassword}`]: 'users.manage',
  [`POST ${ACCOUNT_API.tokensList}`]: 'tokens.manage',
  [`POST ${ACCOUNT_API.tokensCreate}`]: 'tokens.manage',
  [`POST ${ACCOUNT_API.tokensRevoke}`]: 'tokens.manage',
  [`POST ${ACCOUNT_API.notifyMethodsList}`]: 'notifyMethods.manage',
  [`POST ${ACCOUNT_API.notifyMethodsCreate}`]: 'notifyMethods.manage',
  [`POST ${ACCOUNT_API.notifyMethodsUpdate}`]: 'notifyMethods.manage',
  [`POST ${ACCOUNT_API.notifyMethodsDelete}`]: 'notifyMethods.manage',
  [`POST ${ACCOUNT_API.notifyMethodsTest}`]: 'notifyMethods.manage',
  [`POST ${ACCOUNT_API.notifyMethodsDeliveries}`]: 'notifyMethods.manage',

  [`POST ${ACCOUNT_API.companiesAdminList}`]: 'companies.manage',
  [`POST ${ACCOUNT_API.companiesAdminCreate}`]: 'companies.manage',
  [`POST ${ACCOUNT_API.companiesAdminBlock}`]: 'companies.manage',
  [`POST ${ACCOUNT_API.companiesAdminUnblock}`]: 'companies.manage',
  [`POST ${ACCOUNT_API.companiesAdminDelete}`]: 'companies.manage',
  [`POST ${ACCOUNT_API.companiesAdminUsers}`]: 'companies.manage',
  [`POST ${ACCOUNT_API.auditList}`]: 'companies.manage',
  [`POST ${ACCOUNT_API.usersImpersonate}`]: 'users.impersonate',
  [`POST ${ACCOUNT_API.toolsTelephonyCalls}`]: 'tools.use',
};

/** The table's key of a route: its method and the pattern the router matched. */
export function routeKey(method: string, routePattern: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${routePattern}`;
}
