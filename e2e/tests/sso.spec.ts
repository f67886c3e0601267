import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startTestIdp, type TestIdp } from '@cab/test-idp';
import { BASE_URL, sharedSession, USERS } from '../support/auth.js';
import { AxeLedger } from '../support/axe.js';
import { adjustBalance } from '../support/deposit.js';
import { saveScreenshot } from '../support/screens.js';
import { mailedPassword, signOut } from '../support/sign-in.js';
import { openShell, startInLang } from '../support/ui.js';

/*
 * Issue 22.5: single sign-on with OpenID Connect, against a real provider (npm oidc-provider) this
 * file starts on 127.0.0.1. In a company of its own: its admin sets the provider up on the company
 * page; a person of the allowed domain signs in from the login page through the provider's own
 * sign-in form and is created with the configured role; a domain nobody set up and a domain the
 * company did not allow are refused with what happened.
 */

const ledger = new AxeLedger();
const DOMAIN = 'sso-e2e.test';
const CLIENT = {
  client_id: 'sim-cabinet-e2e',
  client_secret: 'an-e2e-client-secret',
  redirect_uris: [`${BASE_URL}/login/sso`],
};
let idp: TestIdp;

test.beforeAll(async () => {
  idp = await startTestIdp({ clients: [CLIENT] });
});
test.afterAll(async () => {
  await idp?.close();
});

async function call<T>(request: APIRequestContext, path: string, token: string, data: object): Promise<T> {
  const response = await request.post(`${path}?lang=en`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: T }).result;
}

/** From the login page to the provider's sign-in form, as whoever the provider then signs in. */
async function throughProvider(page: Page, typed: string, atProvider = typed): Promise<void> {
  // The provider remembers who signed in there last (its own session cookie, on 127.0.0.1 as the
  // cabinet's are): forgotten, so that it asks again. Called signed out of the cabinet.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByTestId('login-email').fill(typed);
  await page.getByTestId('login-sso').click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('#idp-email').fill(atProvider);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an admin sets up sign-in with the company account; a new person signs in through the provider with the configured role', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const root = await sharedSession(page.request, USERS.root);
  const adminEmail = 'sso-admin@demo.local';
  const created = await call<{ company: { id: number } }>(page.request, '/api/companies/create', root.token, {
    parent_id: null,
    name: 'Single Sign-On LLC',
    tax_number: '7700003558',
    billing_type: 1,
    contract: 'D-2026/SSO',
    country: 'RU',
    admin: { email: adminEmail, first_name: 'Sergey', last_name: 'Signon', lang: 'en' },
  });
  const adminPassword = await mailedPassword(adminEmail);
  await adjustBalance(page.request, created.company.id, '+100', 'E2E: single sign-on');

  await startInLang(page, 'en');
  await page.goto('/login');
  await page.getByTestId('login-email').fill(adminEmail);
  await page.getByTestId('login-password').fill(adminPassword);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByTestId('empty-sim-close').click();

  // The company page's sign-in tab: not set up yet; the redirect URI to register is shown.
  await openShell(page, '/company/my');
  await page.getByRole('tab', { name: 'Sign-in (SSO)' }).click();
  const panel = page.getByTestId('sso-panel');
  await expect(panel.getByTestId('sso-status')).toHaveText('Not set up');
  await expect(panel.getByTestId('sso-redirect-uri')).toHaveText(`${BASE_URL}/login/sso`);
  // An issuer nothing answers at is refused at the field, and nothing is saved.
  await panel.getByTestId('sso-issuer').fill('http://127.0.0.1:9');
  await panel.getByTestId('sso-client-id').fill(CLIENT.client_id);
  await panel.getByTestId('sso-client-secret').fill(CLIENT.client_secret);
  await panel.getByTestId('sso-domains').fill(`${DOMAIN}, Sso-E2E.test`);
  await panel.getByTestId('sso-role').selectOption('viewer');
  await panel.getByTestId('sso-save').click();
  await expect(panel.locator('#sso-issuer-error')).toContainText('OpenID Connect');
  await expect(panel.getByTestId('sso-status')).toHaveText('Not set up');
  await panel.getByTestId('sso-issuer').fill(idp.issuer);
  await panel.getByTestId('sso-save').click();
  await expect(panel.getByTestId('sso-status')).toHaveText('On');
  await expect(panel.getByTestId('sso-domains')).toHaveValue(DOMAIN);
  await expect(panel.getByTestId('sso-client-secret')).toHaveValue('');
  await ledger.check(page, 'company sign-in settings');
  await saveScreenshot(page, 'sso-settings-en');

  // A new person of the domain signs in through the provider, and is created as a viewer.
  await signOut(page);
  await throughProvider(page, `sofia@${DOMAIN}`);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('page-title')).toHaveText('Welcome, Test');
  await expect(page.getByTestId('user-menu')).toContainText('Viewer');
  // A new user in a company without SIM cards: the "no SIM cards yet" dialog, then the unread news.
  await page.getByTestId('empty-sim-close').click();
  await expect(page.getByTestId('news-drawer')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('news-drawer')).toBeHidden();
  const adminLogin = await page.request.post('/api/login', { data: { email: adminEmail, password: adminPassword } });
  const admin = ((await adminLogin.json()) as { result: { token: string } }).result;
  const users = await call<{ items: { email: string; role: string }[] }>(
    page.request,
    '/api/company/users/list',
    admin.token,
    { company_id: created.company.id },
  );
  expect(users.items).toContainEqual(expect.objectContaining({ email: `sofia@${DOMAIN}`, role: 'viewer' }));

  // A domain nobody set up: said on the login page. A domain the company did not allow: said on return.
  await signOut(page);
  await page.getByTestId('login-email').fill('someone@unknown-domain.test');
  await page.getByTestId('login-sso').click();
  await expect(page.getByTestId('login-error')).toContainText('not set up for this e-mail domain');
  await throughProvider(page, `mallory@${DOMAIN}`, 'mallory@elsewhere.test');
  await expect(page).toHaveURL(/\/login\/sso$/);
  await expect(page.getByTestId('sso-error')).toContainText('not allowed for the domain elsewhere.test');
  await ledger.check(page, 'single sign-on refused');
  await saveScreenshot(page, 'sso-refused-en');
  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  ledger.expectNoFindings('single sign-on');
});

test('the login page offers company sign-in on a phone, in Russian', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startInLang(page, 'ru');
  await page.goto('/login');
  await page.getByTestId('login-sso').click();
  await expect(page.getByTestId('login-email-error')).toHaveText('Сначала введите рабочую почту');
  const button = page.getByTestId('login-sso');
  await expect(button).toHaveText('Войти через аккаунт компании');
  const box = await button.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'sso-login-ru-390');
});
