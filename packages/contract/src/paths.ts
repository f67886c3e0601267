/** Every HTTP path of the API, named once. Spec paths are kept literally (ARCHITECTURE §5). */
export const API = {
  login: '/api/login',
  tokenRefresh: '/api/token/refresh',
  logout: '/api/logout',
  sessionCheck: '/api/session/check',
  me: '/api/service/me',
  newsList: '/api/news/list',
  newsCreate: '/api/news/create',
  queueList: '/api/queue/list',
  notifyList: '/api/notify/list',
  notifyRead: '/api/notify/read',
  simsList: '/api/sims/list',
  simsGet: '/api/sims/get',
  simsUpdate: '/api/sims/update',
  simsUsage: '/api/sims/usage',
  companiesScope: '/api/companies/scope',
  profileGet: '/api/profile/get',
  profileUpdate: '/api/profile/update',
  profilePassword: '/api/profile/password',
  profileSessions: '/api/profile/sessions',
  profileSessionsRevokeOthers: '/api/profile/sessions/revoke_others',
  groupsList: '/api/groups/list',
  groupsCreate: '/api/groups/create',
  groupsRename: '/api/groups/rename',
  groupsDelete: '/api/groups/delete',
  queueCreate: '/api/queue/create',
  queueCancel: '/api/queue/cancel',
  queueResults: '/api/queue/results',
  forgotRequest: '/api/forgot/request',
  forgotReset: '/api/forgot/reset',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
} as const;

/** Paths called without a bearer token (spec §6–§7). */
export const PUBLIC_PATH_PREFIXES = ['/api/login', '/api/register', '/api/auth/', '/api/token/refresh', '/api/forgot'] as const;

export const WS_PATH = '/ws';
