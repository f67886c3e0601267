import type { Role } from '@cab/contract/roles';
import type { RouteAccess } from '@cab/contract/route-access';

/**
 * Who may get through, written here by hand as a second statement of the rules: the matrix checks
 * the server's table (contract route-access.ts) says the same, and that the server acts on it.
 */
export type Access = RouteAccess;

/** The five roles, an admin of an unrelated company, and an API token of Demo Logistics. */
export type Who = Role | 'other' | 'token';

/** What a caller owns in its own company, so destructive calls never touch another caller's objects. */
export interface OwnObjects {
  company: number;
  group: number;
  queueItem: number;
  notifyMethod: number;
  spareUser: number;
  apiToken: number;
  order: number;
  bill: number;
  /** A saved view of the caller, shared with its company. */
  savedView: number;
  /** A generated report file ready to download, and a generation still running (its queue item). */
  generatedReport: number;
  reportQueueItem: number;
}

/** Objects the matrix acts on: each caller's own, and Demo Logistics' (what "other" must not reach). */
export interface Fixtures {
  demoSim: number;
  demoGroup: number;
  demoQueueItem: number;
  demo: OwnObjects;
  /** A company root blocks, unblocks and deletes. */
  target: number;
  own: Record<Who, OwnObjects>;
  /** The demo agent's request, attachment and referred company (cases-agents.ts). */
  agent: import('./cases-agents.js').AgentFixtures;
}

export interface AccessCase {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  /** A valid request of `who` on its own objects: the query string (GET) or the JSON body (POST). */
  request(f: Fixtures, who: Who): unknown;
  /** The same call naming Demo Logistics' object; "other" (another company's admin) must get 404. */
  foreign?(f: Fixtures): unknown;
  /** Statuses an allowed caller may get (default 200), or per caller. */
  ok?: number[] | ((who: Who) => number[]);
  /** Spends or ends the session it is called with: each call gets a new session. */
  ownSession?: boolean;
}

/** Routes of the shell, profile, SIMs, groups and queue; accounts and commerce live beside this file. */
export const CORE_CASES: AccessCase[] = [
  { method: 'POST', path: '/api/login', access: 'public', request: () => ({ email: 'nobody@nowhere.example', password: 'x' }), ok: [401] },
  { method: 'POST', path: '/api/token/refresh', access: 'public', request: () => ({ refresh_token: 'not-a-token' }), ok: [401] },
  { method: 'POST', path: '/api/forgot/request', access: 'public', request: () => ({ email: 'nobody@nowhere.example' }) },
  { method: 'POST', path: '/api/forgot/reset', access: 'public', request: () => ({ token: 'not-a-token', password: 'long-enough-1' }), ok: [400] },
  { method: 'POST', path: '/api/logout', access: 'userSession', request: () => ({}), ownSession: true },
  { method: 'POST', path: '/api/session/check', access: 'signedIn', request: () => ({}) },
  { method: 'POST', path: '/api/service/me', access: 'signedIn', request: () => ({ version: 250314 }) },
  { method: 'POST', path: '/api/profile/get', access: 'userSession', request: () => ({}) },
  {
    method: 'POST',
    path: '/api/profile/update',
    access: 'userSession',
    request: (_f, who) => ({ first_name: `First ${who}`, last_name: 'Last', phone: null, lang: 'en' }),
  },
  {
    method: 'POST',
    path: '/api/profile/password',
    access: 'userSession',
    request: () => ({ current_password: 'wrong-password', new_password: 'new-password-1' }),
    ok: [422],
  },
  { method: 'POST', path: '/api/profile/sessions', access: 'userSession', request: () => ({}) },
  { method: 'POST', path: '/api/profile/sessions/revoke_others', access: 'userSession', request: () => ({}), ownSession: true },
  { method: 'POST', path: '/api/news/list', access: 'signedIn', request: () => ({ page: 0, size: 10 }) },
  { method: 'POST', path: '/api/news/create', access: 'news.publish', request: (_f, who) => ({ title_ru: `News by ${who}`, text_ru: '<p>x</p>', title_en: '', text_en: '' }) },
  { method: 'POST', path: '/api/notify/list', access: 'signedIn', request: () => ({}) },
  { method: 'POST', path: '/api/notify/read', access: 'signedIn', request: () => ({ id: [1] }) },
  { method: 'GET', path: '/api/queue/list', access: 'signedIn', request: () => '' },
  { method: 'POST', path: '/api/queue/finished', access: 'signedIn', request: () => ({}) },
  {
    method: 'POST',
    path: '/api/queue/create',
    access: 'sims.operate',
    request: (f, who) => ({ reason: 'queue_ping', selection: { group: f.own[who].group } }),
    foreign: (f) => ({ reason: 'queue_ping', selection: { ids: [f.demoSim] } }),
  },
  {
    method: 'POST',
    path: '/api/queue/cancel',
    access: 'sims.operate',
    request: (f, who) => ({ qid: f.own[who].queueItem }),
    foreign: (f) => ({ qid: f.demoQueueItem }),
  },
  {
    method: 'GET',
    path: '/api/queue/results',
    access: 'sims.read',
    request: (f, who) => `qid=${f.own[who].queueItem}`,
    foreign: (f) => `qid=${f.demoQueueItem}`,
  },
  { method: 'POST', path: '/api/sims/list', access: 'sims.read', request: () => ({ page: 0, size: 5 }) },
  {
    method: 'POST',
    path: '/api/sims/get',
    access: 'sims.read',
    // Only Demo Logistics (and root, and its agent) may read the demo SIM; the others' answer is 404.
    request: (f) => ({ id: f.demoSim }),
    ok: [200, 404],
    foreign: (f) => ({ id: f.demoSim }),
  },
  {
    method: 'POST',
    path: '/api/sims/diagnose',
    access: 'sims.read',
    request: (f) => ({ id: f.demoSim }),
    ok: [200, 404],
    foreign: (f) => ({ id: f.demoSim }),
  },
  {
    method: 'POST',
    path: '/api/sims/events',
    access: 'sims.read',
    request: (f) => ({ id: f.demoSim, size: 5 }),
    ok: [200, 404],
    foreign: (f) => ({ id: f.demoSim, size: 5 }),
  },
  { method: 'POST', path: '/api/events/list', access: 'sims.read', request: () => ({ size: 5 }) },
  {
    method: 'POST',
    path: '/api/sims/update',
    access: 'sims.operate',
    request: (f, who) => ({ id: f.demoSim, name: `renamed by ${who}` }),
    ok: [200, 404],
    foreign: (f) => ({ id: f.demoSim, name: 'stolen' }),
  },
  {
    method: 'POST',
    path: '/api/sims/usage',
    access: 'sims.read',
    request: (f) => ({ id: f.demoSim, page: 0, size: 5 }),
    ok: [200, 404],
    foreign: (f) => ({ id: f.demoSim, page: 0, size: 5 }),
  },
  {
    method: 'POST',
    path: '/api/sims/messages',
    access: 'sims.read',
    request: (f) => ({ id: f.demoSim, page: 0, size: 5 }),
    ok: [200, 404],
    foreign: (f) => ({ id: f.demoSim, page: 0, size: 5 }),
  },
  { method: 'POST', path: '/api/groups/list', access: 'sims.read', request: () => ({}) },
  { method: 'POST', path: '/api/groups/create', access: 'groups.manage', request: (_f, who) => ({ name: `created by ${who}` }) },
  {
    method: 'POST',
    path: '/api/groups/rename',
    access: 'groups.manage',
    request: (f, who) => ({ id: f.own[who].group, name: `renamed by ${who}` }),
    foreign: (f) => ({ id: f.demoGroup, name: 'stolen' }),
  },
  {
    method: 'POST',
    path: '/api/groups/delete',
    access: 'groups.manage',
    // Runs after rename and queue/create, which use the same group.
    request: (f, who) => ({ id: f.own[who].group }),
    foreign: (f) => ({ id: f.demoGroup }),
  },
  { method: 'POST', path: '/api/companies/scope', access: 'signedIn', request: () => ({}) },
];
