/**
 * Paths of registration, company pages, users, API tokens, notification methods, companies
 * administration and tools. Kept
 * apart from `paths.ts` so the login route's bundle carries only the paths it calls.
 */
export const ACCOUNT_API = {
  companiesAdminList: '/api/companies/list',
  companiesAdminCreate: '/api/companies/create',
  companiesAdminBlock: '/api/companies/block',
  companiesAdminUnblock: '/api/companies/unblock',
  companiesAdminDelete: '/api/companies/delete',
  companiesAdminUsers: '/api/companies/users',
  usersImpersonate: '/api/users/impersonate',
  usersImpersonateEnd: '/api/users/impersonate/end',
  auditList: '/api/audit/list',
  // Public (no token): under /api/register, a PUBLIC_PATH_PREFIXES entry.
  registerCountries: '/api/register/countries',
  registerStart: '/api/register/start',
  // With the new company's token: /api/registration/… is not a public prefix.
  registrationStatus: '/api/registration/status',
  registrationJurisdiction: '/api/registration/jurisdiction',
  registrationCompanyType: '/api/registration/company_type',
  registrationCompany: '/api/registration/company',
  registrationAdministrator: '/api/registration/administrator',
  registrationPhoneCall: '/api/registration/phone/call',
  registrationPhoneVerify: '/api/registration/phone/verify',
  registrationFinish: '/api/registration/finish',
  toolsTelephonyCalls: '/api/tools/telephony_calls',
  companyGet: '/api/company/get',
  companyUpdate: '/api/company/update',
  companyUsersList: '/api/company/users/list',
  companyUsersCreate: '/api/company/users/create',
  companyUsersUpdate: '/api/company/users/update',
  companyUsersBlock: '/api/company/users/block',
  companyUsersUnblock: '/api/company/users/unblock',
  companyUsersDelete: '/api/company/users/delete',
  companyUsersSendPassword: '/api/company/users/send_password',
  tokensList: '/api/tokens/list',
  tokensCreate: '/api/tokens/create',
  tokensRevoke: '/api/tokens/revoke',
  notifyMethodsList: '/api/notify_methods/list',
  notifyMethodsCreate: '/api/notify_methods/create',
  notifyMethodsUpdate: '/api/notify_methods/update',
  notifyMethodsDelete: '/api/notify_methods/delete',
  notifyMethodsTest: '/api/notify_methods/test',
  notifyMethodsDeliveries: '/api/notify_methods/deliveries',
} as const;
