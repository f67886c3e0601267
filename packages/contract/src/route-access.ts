import { ACCOUNT_API } from './paths-accounts.js';
import { COMMERCE_API } from './paths-commerce.js';
import { CONTENT_API } from './paths-content.js';
import { OPS_API } from './paths-ops.js';
import { FILES_API } from './paths-files.js';
import { API } from './paths.js';
import { SIM_RULES_API } from './paths-sim-rules.js';
import { REPORT_API } from './paths-reports.js';
import { routeKey, type RouteAccess } from './endpoint.js';
import { ENDPOINTS } from './endpoints.js';

/**
 * Routes not yet declared in the endpoint registry (endpoints.ts), and who may call them. Each
 * module's routes move to the registry as it is converted; this table then goes.
 */
const UNREGISTERED_ACCESS: Readonly<Record<string, RouteAccess>> = {
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
  [`POST ${REPORT_API.day}`]: 'reports.read',
  [`POST ${REPORT_API.sessions}`]: 'reports.read',
  [`POST ${REPORT_API.callSms}`]: 'reports.read',
  [`POST ${API.groupsList}`]: 'sims.read',
  [`GET ${API.queueResults}`]: 'sims.read',
  [`POST ${API.simsUpdate}`]: 'sims.operate',
  [`POST ${API.queueCreate}`]: 'sims.operate',
  [`POST ${API.queueCancel}`]: 'sims.operate',
  [`POST ${API.groupsCreate}`]: 'groups.manage',
  [`POST ${API.groupsRename}`]: 'groups.manage',
  [`POST ${API.groupsDelete}`]: 'groups.manage',
  [`POST ${API.newsCreate}`]: 'news.publish',
  [`POST ${CONTENT_API.newsAdminList}`]: 'news.publish',
  [`POST ${CONTENT_API.newsUpdate}`]: 'news.publish',
  [`POST ${CONTENT_API.newsUnpublish}`]: 'news.publish',
  [`POST ${CONTENT_API.newsPublish}`]: 'news.publish',
  [`POST ${CONTENT_API.newsImageUpload}`]: 'news.publish',
  [`GET ${CONTENT_API.newsImageFile}`]: 'public',
  [`POST ${CONTENT_API.faqList}`]: 'signedIn',
  [`POST ${CONTENT_API.bannerDismiss}`]: 'userSession',
  [`POST ${CONTENT_API.bannerGet}`]: 'tools.use',
  [`POST ${CONTENT_API.bannerPublish}`]: 'tools.use',
  [`POST ${CONTENT_API.bannerWithdraw}`]: 'tools.use',
  [`POST ${CONTENT_API.versionGet}`]: 'tools.use',
  [`POST ${CONTENT_API.versionSet}`]: 'tools.use',
  [`POST ${CONTENT_API.faqAdminList}`]: 'tools.use',
  [`POST ${CONTENT_API.faqCreate}`]: 'tools.use',
  [`POST ${CONTENT_API.faqUpdate}`]: 'tools.use',
  [`POST ${CONTENT_API.faqDelete}`]: 'tools.use',

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
  [`POST ${SIM_RULES_API.toolsGlobalUnblockPreview}`]: 'tools.use',
  [`POST ${SIM_RULES_API.toolsGlobalUnblockRun}`]: 'tools.use',
  [`POST ${SIM_RULES_API.toolsNetworkGet}`]: 'tools.use',
  [`POST ${SIM_RULES_API.toolsNetworkUpdate}`]: 'tools.use',
  [`POST ${SIM_RULES_API.toolsNetworkBurst}`]: 'tools.use',
  [`POST ${SIM_RULES_API.toolsCountryRulesList}`]: 'tools.use',
  [`POST ${SIM_RULES_API.toolsCountryRulesCreate}`]: 'tools.use',
  [`POST ${SIM_RULES_API.toolsCountryRulesDelete}`]: 'tools.use',
  [`POST ${SIM_RULES_API.simsCountryWarnings}`]: 'sims.read',
  [`POST ${SIM_RULES_API.simsRoamingGet}`]: 'sims.read',
  [`POST ${SIM_RULES_API.simsRoamingSet}`]: 'sims.operate',
  [`POST ${SIM_RULES_API.simsRoamingBulk}`]: 'sims.operate',

  [`POST ${OPS_API.operationsList}`]: 'sims.read',
  [`POST ${OPS_API.operationsGet}`]: 'sims.read',
  [`POST ${OPS_API.operationsResults}`]: 'sims.read',
  [`GET ${OPS_API.operationsResultsCsv}`]: 'sims.read',
  [`POST ${OPS_API.operationsBySim}`]: 'sims.read',
  [`POST ${OPS_API.operationsRetry}`]: 'sims.operate',
  [`POST ${OPS_API.queuePreview}`]: 'sims.read',
  [`POST ${OPS_API.simsExport}`]: 'sims.read',
  [`POST ${OPS_API.simsQuickSearch}`]: 'sims.read',
  // Saved views belong to a signed-in user (an API token has no person to keep them for).
  [`POST ${OPS_API.viewsList}`]: 'userSession',
  [`POST ${OPS_API.viewsCreate}`]: 'userSession',
  [`POST ${OPS_API.viewsUpdate}`]: 'userSession',
  [`POST ${OPS_API.viewsDelete}`]: 'userSession',
  [`POST ${FILES_API.generatedReportsList}`]: 'reports.read',
  [`GET ${FILES_API.generatedReportsDownload}`]: 'reports.read',
  [`POST ${FILES_API.generatedReportsCreate}`]: 'reports.run',
  [`POST ${FILES_API.generatedReportsDelete}`]: 'reports.run',
  [`POST ${FILES_API.generatedReportsCancel}`]: 'reports.run',
  [`POST ${FILES_API.dashboardSummary}`]: 'sims.read',
};

export { routeKey, type RouteAccess };

/** How the gate treats a route: who may call it, and whether a blocked company is refused. */
export interface RouteRule {
  access: RouteAccess;
  writable: boolean;
}

/**
 * The one gate of the API: every route, keyed by method and route pattern. The server looks a
 * request up by the route the router matched (never by the URL string) and refuses to start with an
 * /api route missing here; the access matrix test calls every route as every principal.
 */
export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  ...Object.fromEntries(Object.entries(UNREGISTERED_ACCESS).map(([key, access]) => [key, { access, writable: false }])),
  ...Object.fromEntries(
    ENDPOINTS.map((endpoint) => [
      routeKey(endpoint.method, endpoint.path),
      { access: endpoint.access, writable: endpoint.method === 'POST' && endpoint.writable },
    ]),
  ),
};

/** Who may call each route (ROUTE_RULES without the blocked-company flag). */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = Object.fromEntries(
  Object.entries(ROUTE_RULES).map(([key, rule]) => [key, rule.access]),
);
