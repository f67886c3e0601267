import { expect, test, type APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import { cookieValue, sharedSession, USERS } from '../support/auth.js';
import { AxeLedger } from '../support/axe.js';
import { adjustBalance } from '../support/deposit.js';
import { saveScreenshot } from '../support/screens.js';
import { closeEmptySimDialog, mailedPassword, signInWithPassword, signOut } from '../support/sign-in.js';
import { openShell, startInLang } from '../support/ui.js';

/*
 * Issue 22.4: two-factor sign-in with an authenticator app, in a company of its own (the demo
 * users' sign-ins stay as the other flows expect). The admin enrols the app on the profile, signs
 * out, signs in with a code and with a recovery code; then requires a second factor of everyone,
 * and a new user is made to enrol at their first sign-in. Codes are computed here from the key the
 * page shows, as the app would.
 */

const ledger = new AxeLedger();
const PERIOD_MS = 30_000;
/** The next time step's code: the step of the code just used is taken, and a step ahead still counts. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor((Date.now() + PERIOD_MS) / 1000) });

async function call<T>(request: APIRequestContext, path: string, token: string, data: object): Promise<T> {
  const response = await request.post(`${path}?lang=en`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: T }).result;
}





test('enrol an authenticator app, sign in with a code and with a recovery code; a required second factor is enrolled at sign-in', async ({ page }) => {
  test.setTimeout(180_000);
  const root = await sharedSession(page.request, USERS.root);
  const adminEmail = 'two-factor-admin@demo.local';
  const created = await call<{ company: { id: number } }>(page.request, '/api/companies/create', root.token, {
    parent_id: null,
    name: 'Two Factor LLC',
    tax_number: '7700002722',
    billing_type: 1,
    contract: 'D-2026/2FA',
    country: 'RU',
    admin: { email: adminEmail, first_name: 'Tanya', last_name: 'Twofactor', lang: 'en' },
  });
  const adminPassword = await mailedPassword(adminEmail);
  // A positive balance: no empty-balance dialog over the pages.
  await adjustBalance(page.request, created.company.id, '+100', 'E2E: two-factor');

  await startInLang(page, 'en');
  await signInWithPassword(page, adminEmail, adminPassword);
  await closeEmptySimDialog(page);
  await openShell(page, '/profile');
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByTestId('two-factor-state')).toContainText('Off');
  await card.getByTestId('two-factor-enable').click();
  const dialog = page.getByTestId('two-factor-dialog');
  const secret = (await dialog.getByTestId('two-factor-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(dialog.locator('img.two-factor-qr')).toBeVisible();
  await ledger.check(page, 'two-factor enrol dialog');
  await saveScreenshot(page, 'two-factor-enrol-en');
  // A wrong code says so and changes nothing.
  await dialog.getByTestId('two-factor-code').fill('000000');
  await dialog.getByTestId('two-factor-submit').click();
  await expect(dialog.getByTestId('two-factor-error')).toContainText('Wrong code');
  await dialog.getByTestId('two-factor-code').fill(await generate({ secret }));
  await dialog.getByTestId('two-factor-submit').click();
  const codes = dialog.getByTestId('recovery-codes').locator('li');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((code) => code.trim());
  await saveScreenshot(page, 'two-factor-recovery-codes-en');
  await dialog.getByTestId('two-factor-done').click();
  await expect(card.getByTestId('two-factor-state')).toContainText('10 recovery codes left');

  // Signing in now takes a code of the app.
  await signOut(page);
  await signInWithPassword(page, adminEmail, adminPassword);
  await expect(page.getByTestId('login-second-factor')).toBeVisible();
  await ledger.check(page, 'two-factor login code step');
  await saveScreenshot(page, 'two-factor-login-code-en');
  await page.getByTestId('login-code').fill(await nextCode(secret));
  await page.getByTestId('login-code-submit').click();
  await expect(page).toHaveURL(/\/home$/);

  // And with a recovery code instead, once.
  await signOut(page);
  await signInWithPassword(page, adminEmail, adminPassword);
  await page.getByTestId('login-use-recovery').click();
  await page.getByTestId('login-code').fill(recovery[0] ?? '');
  await page.getByTestId('login-code-submit').click();
  await expect(page).toHaveURL(/\/home$/);
  await openShell(page, '/profile');
  await expect(page.getByTestId('two-factor-state')).toContainText('9 recovery codes left');

  // The admin requires a second factor of every user; a new user enrols at their first sign-in.
  const token = (await cookieValue(page.context(), 'token')) ?? '';
  const companyId = created.company.id;
  await page.goto(`/company/${companyId}`);
  await page.getByTestId('company-edit').click();
  await page.locator('#company-require_second_factor').selectOption('1');
  await page.getByTestId('company-save').click();
  await expect(page.getByTestId('company-edit-dialog')).toBeHidden();

  const userEmail = 'two-factor-user@demo.local';
  await call(page.request, '/api/company/users/create', token, { company_id: companyId, email: userEmail, first_name: 'Ivan', last_name: 'Newuser', phone: null, role: 'manager' });
  const userPassword = await mailedPassword(userEmail);
  await signOut(page);
  await signInWithPassword(page, userEmail, userPassword);
  const step = page.getByTestId('login-second-factor');
  await expect(step).toContainText('Your company requires two-factor sign-in');
  const userSecret = (await page.getByTestId('login-totp-secret').textContent()) ?? '';
  await ledger.check(page, 'two-factor login enrol step');
  await saveScreenshot(page, 'two-factor-login-enrol-en');
  await page.getByTestId('login-code').fill(await generate({ secret: userSecret }));
  await page.getByTestId('login-code-submit').click();
  await expect(page.getByTestId('login-recovery-codes').locator('li')).toHaveCount(10);
  await page.getByTestId('login-recovery-continue').click();
  await closeEmptySimDialog(page);
  await openShell(page, '/profile');
  await expect(page.getByTestId('two-factor-state')).toContainText('Your company requires it');
  await expect(page.getByTestId('two-factor-disable')).toHaveCount(0);
  ledger.expectNoFindings('two-factor');
});
