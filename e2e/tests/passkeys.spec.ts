import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, markNewsSeen, sharedSession, USERS } from '../support/auth.js';
import { adjustBalance } from '../support/deposit.js';
import { AxeLedger } from '../support/axe.js';
import { waitForMail } from '../support/mail.js';
import { saveScreenshot } from '../support/screens.js';
import { closeEmptySimDialog, mailedPassword, signInWithPassword, signOut } from '../support/sign-in.js';
import { startInLang } from '../support/ui.js';

/*
 * Issue 22.4: passkeys, with Chromium's virtual authenticator (WebAuthn over the DevTools protocol:
 * a platform authenticator that keeps its passkeys and verifies its user). A new manager of the demo
 * company adds a passkey on the profile, signs out, signs in with the passkey alone, then with the
 * password and the passkey as the second factor, and removes it. A passkey's site is a domain name,
 * never an IP address, so this flow runs on localhost (the server's PASSKEY_ORIGIN).
 */

const ledger = new AxeLedger();
const SITE = BASE_URL.replace('127.0.0.1', 'localhost');
const EMAIL = 'passkey-user@demo.local';

async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('add a passkey on the profile, sign in with it alone and as the second factor, remove it', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await sharedSession(page.request, USERS.admin);
  const company = await page.request.post('/api/company/get?lang=en', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {},
  });
  const companyId = ((await company.json()) as { result: { id: number } }).result.id;
  const created = await page.request.post('/api/company/users/create?lang=en', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      company_id: companyId,
      email: EMAIL,
      first_name: 'Pavel',
      last_name: 'Passkey',
      phone: null,
      role: 'manager',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const password = await mailedPassword(EMAIL);
  const first = await page.request.post('/api/login?lang=en', { data: { email: EMAIL, password } });
  await markNewsSeen(page.request, ((await first.json()) as { result: { token: string } }).result.token);

  await startInLang(page, 'en');
  await addVirtualAuthenticator(page);
  // Opened by an IP address, the cabinet cannot use passkeys: it does not offer them.
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.getByTestId('login-passkey')).toHaveCount(0);
  await signInWithPassword(page, EMAIL, password, SITE);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`${SITE}/profile`);
  const card = page.getByTestId('passkeys-card');
  await expect(card.getByTestId('passkeys-empty')).toHaveText('No passkeys yet.');
  // A name is asked for: an empty one says so.
  await card.getByTestId('passkey-name').fill('');
  await card.getByTestId('passkey-add').click();
  await expect(card.getByTestId('passkey-error')).toHaveText('Enter a name for the passkey');
  await card.getByTestId('passkey-name').fill('Test laptop');
  // The password is asked (a passkey signs in alone): a wrong one is said at its field.
  await card.getByTestId('passkey-password').fill('not-the-password');
  await card.getByTestId('passkey-add').click();
  await expect(card.getByTestId('passkey-password-error')).toBeVisible();
  await expect(card.getByTestId('passkey-row')).toHaveCount(0);
  await card.getByTestId('passkey-password').fill(password);
  await card.getByTestId('passkey-add').click();
  await expect(card.getByTestId('passkey-row')).toHaveCount(1);
  await expect(card.getByTestId('passkey-row')).toContainText('Test laptop');
  await expect(card.getByTestId('passkey-row')).toContainText('not used yet');
  await expect(page.getByTestId('two-factor-state')).toContainText('one of your passkeys confirms the sign-in');
  // The user is told by mail (a passkey signs in alone).
  await waitForMail(EMAIL, 15_000, 'Test laptop');
  await ledger.check(page, 'passkeys on the profile');
  await saveScreenshot(page, 'passkeys-profile-en');

  // The passkey alone signs in: no e-mail, no password.
  await signOut(page);
  await page.getByTestId('login-passkey').click();
  await expect(page).toHaveURL(/\/home$/);

  // With the password, the passkey is the second step.
  await signOut(page);
  await signInWithPassword(page, EMAIL, password, SITE);
  const step = page.getByTestId('login-second-factor');
  await expect(step).toContainText('Confirm the sign-in with one of your passkeys.');
  await expect(page.getByTestId('login-code')).toHaveCount(0);
  await ledger.check(page, 'passkeys login step');
  await saveScreenshot(page, 'passkeys-login-step-en');
  await page.getByTestId('login-use-passkey').click();
  await expect(page).toHaveURL(/\/home$/);

  // Removing it is confirmed; then the list is empty and the password alone signs in again.
  await page.goto(`${SITE}/profile`);
  await expect(card.getByTestId('passkey-row')).toContainText('last used');
  await card.getByTestId('passkey-remove').click();
  const dialog = page.getByTestId('passkey-remove-dialog');
  await expect(dialog).toContainText('Remove the passkey "Test laptop"?');
  await dialog.getByTestId('passkey-remove-confirm').click();
  await expect(card.getByTestId('passkeys-empty')).toBeVisible();
  await expect(page.getByTestId('two-factor-state')).toContainText('Off');

  ledger.expectNoFindings('passkeys');
});

test('a company that requires a second factor: a new user enrols a passkey instead of the app at the first sign-in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A company of its own: the demo company's sign-ins stay as the other flows expect.
  const root = await sharedSession(page.request, USERS.root);
  const api = async <T>(path: string, token: string, data: object): Promise<T> => {
    const response = await page.request.post(`${path}?lang=en`, {
      headers: { Authorization: `Bearer ${token}` },
      data,
    });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return ((await response.json()) as { result: T }).result;
  };
  const adminEmail = 'passkey-admin@demo.local';
  const created = await api<{ company: { id: number } }>('/api/companies/create', root.token, {
    parent_id: null,
    name: 'Passkey Required LLC',
    tax_number: '7700002730',
    billing_type: 1,
    contract: 'D-2026/PK',
    country: 'RU',
    admin: { email: adminEmail, first_name: 'Alla', last_name: 'Admin', lang: 'en' },
  });
  const companyId = created.company.id;
  await adjustBalance(page.request, companyId, '+100', 'E2E: passkeys');
  const adminPassword = await mailedPassword(adminEmail);

  // The admin adds a passkey on the profile (a factor of their own), then requires one of everyone.
  await startInLang(page, 'en');
  await addVirtualAuthenticator(page);
  await signInWithPassword(page, adminEmail, adminPassword, SITE);
  await closeEmptySimDialog(page);
  await page.goto(`${SITE}/profile`);
  const card = page.getByTestId('passkeys-card');
  await card.getByTestId('passkey-name').fill('Admin laptop');
  await card.getByTestId('passkey-password').fill(adminPassword);
  await card.getByTestId('passkey-add').click();
  await expect(card.getByTestId('passkey-row')).toHaveCount(1);
  const admin = (await page.context().cookies(SITE)).find((cookie) => cookie.name === 'token')?.value ?? '';
  await api('/api/company/update', admin, { id: companyId, require_second_factor: true });
  const userEmail = 'passkey-required-user@demo.local';
  await api('/api/company/users/create', admin, {
    company_id: companyId,
    email: userEmail,
    first_name: 'Nina',
    last_name: 'Newuser',
    phone: null,
    role: 'viewer',
  });
  const userPassword = await mailedPassword(userEmail);

  // The new user is made to enrol at the first sign-in, and takes a passkey instead of the app.
  await signOut(page);
  await signInWithPassword(page, userEmail, userPassword, SITE);
  await expect(page.getByTestId('login-second-factor')).toContainText('Your company requires two-factor sign-in');
  await ledger.check(page, 'passkeys enrol at sign-in');
  await saveScreenshot(page, 'passkeys-login-enrol-en');
  await page.getByTestId('login-use-passkey').click();
  await closeEmptySimDialog(page);
  await page.goto(`${SITE}/profile`);
  await expect(card.getByTestId('passkey-row')).toContainText('Passkey');
  // The only factor of a user whose company requires one: it cannot be removed.
  await card.getByTestId('passkey-remove').click();
  await page.getByTestId('passkey-remove-dialog').getByTestId('passkey-remove-confirm').click();
  await expect(card.getByTestId('passkey-error')).toContainText('Your company requires two-factor sign-in');
  await expect(card.getByTestId('passkey-row')).toHaveCount(1);
  ledger.expectNoFindings('passkeys');
});
