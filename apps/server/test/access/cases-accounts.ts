import type { AccessCase } from './cases.js';

/** Registration calls answer a finished company 409 (already complete) or 422 (nothing to verify). */
const REGISTRATION_OK = [200, 409, 422];

const MADE_UP_ASSERTION = {
  id: 'bm8',
  rawId: 'bm8',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
const MADE_UP_REGISTRATION = { id: 'bm8', rawId: 'bm8', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AA' }, clientExtensionResults: {} };

/** Registration, tools, notification methods, company page, users, API tokens, companies admin, audit. */
export const ACCOUNT_CASES: AccessCase[] = [
  // Two-factor sign-in: the challenge step is public (a made-up challenge answers 401); one's own app
  // is one's own session's (a first code that does not match 400, nothing enrolled to prove 409).
  { method: 'POST', path: '/api/login/second_factor', access: 'public', request: () => ({ challenge: 'made-up', code: '123456' }), ok: [401] },
  { method: 'POST', path: '/api/login/second_factor/enrol', access: 'public', request: () => ({ challenge: 'made-up' }), ok: [401] },
  { method: 'POST', path: '/api/profile/2fa/status', access: 'userSession', request: () => ({}) },
  { method: 'POST', path: '/api/profile/2fa/totp/start', access: 'userSession', request: () => ({}) },
  { method: 'POST', path: '/api/profile/2fa/totp/confirm', access: 'userSession', request: () => ({ code: '000000' }), ok: [400, 409] },
  { method: 'POST', path: '/api/profile/2fa/disable', access: 'userSession', request: () => ({ code: '000000' }), ok: [409] },
  { method: 'POST', path: '/api/profile/2fa/recovery/renew', access: 'userSession', request: () => ({ code: '000000' }), ok: [409] },
  // Passkeys: one's own (a made-up id 404s); the sign-in steps are public, a made-up answer refused.
  { method: 'POST', path: '/api/profile/passkeys/list', access: 'userSession', request: () => ({}) },
  // Without the password (the proof it asks beyond the session): 400, after the access check.
  { method: 'POST', path: '/api/profile/passkeys/register/start', access: 'userSession', request: () => ({}), ok: [400] },
  { method: 'POST', path: '/api/profile/passkeys/register/finish', access: 'userSession', request: () => ({ name: 'Key', response: MADE_UP_REGISTRATION }), ok: [400, 401] },
  { method: 'POST', path: '/api/profile/passkeys/delete', access: 'userSession', request: () => ({ id: 999_999_999 }), ok: [404] },
  { method: 'POST', path: '/api/login/passkey/start', access: 'public', request: () => ({}) },
  { method: 'POST', path: '/api/login/passkey/finish', access: 'public', request: () => ({ response: MADE_UP_ASSERTION }), ok: [401] },
  { method: 'POST', path: '/api/login/second_factor/enrol/passkey/start', access: 'public', request: () => ({ challenge: 'made-up' }), ok: [401] },
  {
    method: 'POST',
    path: '/api/login/second_factor/enrol/passkey',
    access: 'public',
    request: () => ({ challenge: 'made-up', name: 'Key', response: MADE_UP_REGISTRATION }),
    ok: [401],
  },
  { method: 'POST', path: '/api/login/second_factor/passkey/start', access: 'public', request: () => ({ challenge: 'made-up' }), ok: [401] },
  { method: 'POST', path: '/api/login/second_factor/passkey', access: 'public', request: () => ({ challenge: 'made-up', response: MADE_UP_ASSERTION }), ok: [401] },
  { method: 'POST', path: '/api/companies/users/reset_2fa', access: 'companies.manage', request: (f) => ({ id: f.demo.spareUser }), ok: [409] },
  // The company's own audit log: always the caller's company, so there is no other tenant's to name.
  { method: 'POST', path: '/api/company/audit/list', access: 'audit.read', request: () => ({ size: 5 }) },
  { method: 'GET', path: '/api/company/audit/export', access: 'audit.read', request: () => 'format=csv' },
  { method: 'POST', path: '/api/register/countries', access: 'public', request: () => ({}) },
  {
    method: 'POST',
    path: '/api/register/start',
    access: 'public',
    request: () => ({ email: 'admin@demo.local', password: 'long-enough-1' }),
  },
  { method: 'POST', path: '/api/register/confirm', access: 'public', request: () => ({ token: 'no-such-link' }), ok: [400] },
  { method: 'POST', path: '/api/registration/status', access: 'userSession', request: () => ({}), ok: REGISTRATION_OK },
  { method: 'POST', path: '/api/registration/jurisdiction', access: 'userSession', request: () => ({ country: 'DE' }), ok: REGISTRATION_OK },
  {
    method: 'POST',
    path: '/api/registration/company_type',
    access: 'userSession',
    request: () => ({ company_type: 'legal_entity' }),
    ok: REGISTRATION_OK,
  },
  { method: 'POST', path: '/api/registration/company', access: 'userSession', request: () => ({ unique_id: '1234567890' }), ok: REGISTRATION_OK },
  {
    method: 'POST',
    path: '/api/registration/administrator',
    access: 'userSession',
    request: () => ({ client_name: 'X', firstName: 'A', lastName: 'B' }),
    ok: REGISTRATION_OK,
  },
  {
    method: 'POST',
    path: '/api/registration/phone/call',
    access: 'userSession',
    request: () => ({ phone: '+491234567890', direction: 'outgoing' }),
    ok: REGISTRATION_OK,
  },
  { method: 'POST', path: '/api/registration/phone/verify', access: 'userSession', request: () => ({ code: '1234' }), ok: REGISTRATION_OK },
  { method: 'POST', path: '/api/registration/finish', access: 'userSession', request: () => ({}), ok: REGISTRATION_OK },
  { method: 'POST', path: '/api/tools/telephony_calls', access: 'tools.use', request: () => ({}) },

  { method: 'POST', path: '/api/notify_methods/list', access: 'notifyMethods.manage', request: () => ({}), foreign: (f) => ({ company_id: f.demo.company }) },
  {
    method: 'POST',
    path: '/api/notify_methods/create',
    access: 'notifyMethods.manage',
    request: () => ({ type: 0, destination: 'ops@matrix.example', sim: true, billing: true, notify: true }),
    foreign: (f) => ({ company_id: f.demo.company, type: 0, destination: 'x@matrix.example', sim: true, billing: true, notify: true }),
  },
  {
    method: 'POST',
    path: '/api/notify_methods/update',
    access: 'notifyMethods.manage',
    request: (f, who) => ({ id: f.own[who].notifyMethod, type: 0, destination: 'new@matrix.example', sim: true, billing: false, notify: true }),
    foreign: (f) => ({ id: f.demo.notifyMethod, type: 0, destination: 'x@matrix.example', sim: true, billing: true, notify: true }),
  },
  { method: 'POST', path: '/api/notify_methods/test', access: 'notifyMethods.manage', request: (f, who) => ({ id: f.own[who].notifyMethod }), foreign: (f) => ({ id: f.demo.notifyMethod }) },
  {
    method: 'POST',
    path: '/api/notify_methods/deliveries',
    access: 'notifyMethods.manage',
    request: (f, who) => ({ id: f.own[who].notifyMethod }),
    foreign: (f) => ({ id: f.demo.notifyMethod }),
  },
  { method: 'POST', path: '/api/notify_methods/delete', access: 'notifyMethods.manage', request: (f, who) => ({ id: f.own[who].notifyMethod }), foreign: (f) => ({ id: f.demo.notifyMethod }) },

  { method: 'POST', path: '/api/company/get', access: 'signedIn', request: () => ({}), foreign: (f) => ({ id: f.demo.company }) },
  {
    method: 'POST',
    path: '/api/company/update',
    access: 'company.edit',
    request: (f, who) => ({ id: f.own[who].company, responsible: `Responsible ${who}` }),
    foreign: (f) => ({ id: f.demo.company, responsible: 'stolen' }),
  },
  // Single sign-on: the caller's own company's setting (no other company's to name); the sign-in
  // steps are public (a domain nobody set up 404, a made-up state 400).
  { method: 'POST', path: '/api/company/sso/get', access: 'company.edit', request: () => ({}) },
  {
    method: 'POST',
    path: '/api/company/sso/save',
    access: 'company.edit',
    request: (_f, who) => ({ enabled: false, issuer: 'https://idp.matrix.example', client_id: 'c', client_secret: 's', domains: [`sso-${who}.matrix.example`], role: 'viewer' }),
  },
  { method: 'POST', path: '/api/company/sso/delete', access: 'company.edit', request: () => ({}) },
  { method: 'POST', path: '/api/login/sso/start', access: 'public', request: () => ({ email: 'someone@nobody.matrix.example' }), ok: [404] },
  { method: 'POST', path: '/api/login/sso/finish', access: 'public', request: () => ({ state: 'made-up', code: 'made-up' }), ok: [400] },
  { method: 'POST', path: '/api/company/users/list', access: 'users.manage', request: (f, who) => ({ company_id: f.own[who].company }), foreign: (f) => ({ company_id: f.demo.company }) },
  {
    method: 'POST',
    path: '/api/company/users/create',
    access: 'users.manage',
    request: (f, who) => ({ company_id: f.own[who].company, email: `new-${who}@matrix.example`, first_name: 'N', last_name: 'U', phone: null, role: 'viewer' }),
    foreign: (f) => ({ company_id: f.demo.company, email: 'intruder@matrix.example', first_name: 'N', last_name: 'U', phone: null, role: 'admin' }),
  },
  {
    method: 'POST',
    path: '/api/company/users/update',
    access: 'users.manage',
    request: (f, who) => ({ id: f.own[who].spareUser, email: `spare-${who}@matrix.example`, first_name: 'S', last_name: 'U', phone: null, role: 'viewer' }),
    foreign: (f) => ({ id: f.demo.spareUser, email: 'spare-demo@matrix.example', first_name: 'S', last_name: 'U', phone: null, role: 'admin' }),
  },
  { method: 'POST', path: '/api/company/users/block', access: 'users.manage', request: (f, who) => ({ id: f.own[who].spareUser }), foreign: (f) => ({ id: f.demo.spareUser }) },
  { method: 'POST', path: '/api/company/users/unblock', access: 'users.manage', request: (f, who) => ({ id: f.own[who].spareUser }), foreign: (f) => ({ id: f.demo.spareUser }) },
  {
    method: 'POST',
    path: '/api/company/users/send_password',
    access: 'users.manage',
    request: (f, who) => ({ id: f.own[who].spareUser }),
    foreign: (f) => ({ id: f.demo.spareUser }),
  },
  { method: 'POST', path: '/api/company/users/delete', access: 'users.manage', request: (f, who) => ({ id: f.own[who].spareUser }), foreign: (f) => ({ id: f.demo.spareUser }) },

  { method: 'POST', path: '/api/tokens/list', access: 'tokens.manage', request: () => ({}) },
  { method: 'POST', path: '/api/tokens/create', access: 'tokens.manage', request: (_f, who) => ({ name: `token of ${who}` }) },
  { method: 'POST', path: '/api/tokens/revoke', access: 'tokens.manage', request: (f, who) => ({ id: f.own[who].apiToken }), foreign: (f) => ({ id: f.demo.apiToken }) },

  { method: 'POST', path: '/api/companies/list', access: 'companies.manage', request: () => ({ page: 0, size: 10 }) },
  { method: 'POST', path: '/api/companies/users', access: 'companies.manage', request: (f) => ({ id: f.target }) },
  {
    method: 'POST',
    path: '/api/companies/create',
    access: 'companies.manage',
    request: (_f, who) => ({
      parent_id: null,
      name: `Created by ${who}`,
      tax_number: `TAX-${who}`,
      billing_type: 1,
      admin: { email: `first-admin-${who}@matrix.example`, first_name: 'F', last_name: 'A' },
    }),
  },
  { method: 'POST', path: '/api/companies/block', access: 'companies.manage', request: (f) => ({ id: f.target }) },
  { method: 'POST', path: '/api/companies/unblock', access: 'companies.manage', request: (f) => ({ id: f.target }) },
  { method: 'POST', path: '/api/companies/delete', access: 'companies.manage', request: (f) => ({ id: f.target }), ok: [200, 409] },
  { method: 'POST', path: '/api/users/impersonate', access: 'users.impersonate', request: (f) => ({ id: f.demo.spareUser }) },
  // Ending answers 400 to a session that is not an impersonation; the impersonation test covers the rest.
  { method: 'POST', path: '/api/users/impersonate/end', access: 'userSession', request: () => ({}), ok: [400] },
  { method: 'POST', path: '/api/audit/list', access: 'companies.manage', request: (f) => ({ company_id: f.demo.company, page: 0, size: 10 }) },
];
