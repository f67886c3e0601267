import type { Permission, Role } from '@cab/contract/roles';
import { COMMERCE_CASES } from './commerce-cases.js';

/** Who may get through: anyone, any signed-in principal, or holders of a permission (contract roles.ts). */
export type Access = 'public' | 'session' | Permission;

export type Who = Role | 'other';

/** Objects the matrix acts on: each caller's own, and Demo Logistics' (what "other" must not reach). */
export interface Fixtures {
  demoSim: number;
  demoGroup: number;
  demoQueueItem: number;
  demoCompany: number;
  /** Demo Logistics' seeded order waiting for payment, and its bill. */
  demoOrder: number;
  demoBill: number;
  own: Record<Who, { group: number; queueItem: number; company: number }>;
}

export interface AccessCase {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  /** A valid request of `who` on its own objects: the query string (GET) or the JSON body (POST). */
  request(f: Fixtures, who: Who): unknown;
  /** The same call naming Demo Logistics' object; "other" (another company's admin) must get 404. */
  foreign?(f: Fixtures): unknown;
  /** Statuses an allowed caller may get (default 200). */
  ok?: number[];
  /** Spends or ends the session it is called with: each call gets a new session. */
  ownSession?: boolean;
  /** Needs a signed-in user, not an API token (profile, sessions, logout). */
  userOnly?: boolean;
}

/** Every route of the API; the matrix test fails when a route is missing here or listed but gone. */
export const ACCESS_CASES: AccessCase[] = [
  { method: 'POST', path: '/api/login', access: 'public', request: () => ({ email: 'nobody@nowhere.example', password: 'x' }), ok: [401] },
  { method: 'POST', path: '/api/token/refresh', access: 'public', request: () => ({ refresh_token: 'not-a-token' }), ok: [401] },
  { method: 'POST', path: '/api/forgot/request', access: 'public', request: () => ({ email: 'nobody@nowhere.example' }) },
  { method: 'POST', path: '/api/forgot/reset', access: 'public', request: () => ({ token: 'not-a-token', password: 'long-enough-1' }), ok: [400] },
  { method: 'POST', path: '/api/logout', access: 'session', request: () => ({}), ownSession: true, userOnly: true },
  { method: 'POST', path: '/api/session/check', access: 'session', request: () => ({}) },
  { method: 'POST', path: '/api/service/me', access: 'session', request: () => ({ version: 250314 }), userOnly: true },
  { method: 'POST', path: '/api/profile/get', access: 'session', request: () => ({}), userOnly: true },
  {
    method: 'POST',
    path: '/api/profile/update',
    access: 'session',
    request: (_f, who) => ({ first_name: `First ${who}`, last_name: 'Last', phone: null, lang: 'en' }),
    userOnly: true,
  },
  {
    method: 'POST',
    path: '/api/profile/password',
    access: 'session',
    request: () => ({ current_password: 'wrong-password', new_password: 'new-password-1' }),
    ok: [422],
    userOnly: true,
  },
  { method: 'POST', path: '/api/profile/sessions', access: 'session', request: () => ({}), userOnly: true },
  { method: 'POST', path: '/api/profile/sessions/revoke_others', access: 'session', request: () => ({}), ownSession: true, userOnly: true },
  { method: 'POST', path: '/api/news/list', access: 'session', request: () => ({ page: 0, size: 10 }) },
  { method: 'POST', path: '/api/news/create', access: 'news.publish', request: (_f, who) => ({ title: `News by ${who}`, text: '<p>x</p>' }) },
  { method: 'POST', path: '/api/notify/list', access: 'session', request: () => ({}) },
  { method: 'POST', path: '/api/notify/read', access: 'session', request: () => ({ id: [1] }) },
  { method: 'GET', path: '/api/queue/list', access: 'session', request: () => '' },
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
  { method: 'POST', path: '/api/companies/scope', access: 'session', request: () => ({}) },
  ...COMMERCE_CASES,
];
