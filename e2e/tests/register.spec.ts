import { expect, test, type Page } from '@playwright/test';
import { sessionCookies, setCookies } from '../support/auth.js';
import { mailText, waitForMail } from '../support/mail.js';
import { REG_PASSWORD, apiSaveStep, apiStartRegistration, mailedRegistrationLink, pickCountry, readCodeOnTools, uniqueSuffix } from '../support/register.js';
import { saveScreenshot } from '../support/screens.js';
import { startInLang } from '../support/ui.js';

const next = (page: Page) => page.getByTestId('register-next').click();

/**
 * A new company's first screen says one thing at a time: the empty-SIM offer alone, no balance
 * warnings for a company with nothing to block; the news drawer follows once the dialog is closed.
 */
async function expectCalmFirstScreen(page: Page, lang: 'en' | 'ru'): Promise<void> {
  const dialog = page.getByTestId('empty-sim-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.locator('.p-dialog:visible')).toHaveCount(1);
  await expect(page.getByTestId('news-drawer')).toBeHidden();
  await expect(page.getByTestId('home-balance-problem')).toHaveCount(0);
  await expect(page.getByTestId('header-banner')).toHaveCount(0);
  await saveScreenshot(page, `first-screen-${lang}`);
  await page.getByTestId('empty-sim-close').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('news-drawer')).toBeVisible();
  await expect(page.locator('.p-dialog:visible')).toHaveCount(0);
  await saveScreenshot(page, `first-screen-news-${lang}`);
}

test.describe('registration wizard /register (spec §2–§4, §8)', () => {
  test('a new company registers end to end, gets the mail and signs in to the cabinet', async ({ page, browser }) => {
    const suffix = uniqueSuffix();
    const email = `new-${suffix}@example.test`;
    const phone = `+4915${String(Date.now()).slice(-9)}`;
    await startInLang(page, 'en');

    // The menu's name for the wizard leads to it.
    await page.goto('/registration');
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId('register-step-welcome')).toBeVisible();
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill(REG_PASSWORD);
    await page.getByTestId('register-repeat').fill('something-else');
    await next(page);
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await saveScreenshot(page, 'register-1-welcome-en');
    await page.getByTestId('register-repeat').fill(REG_PASSWORD);
    await next(page);
    // The same answer for any address; the way on is the mailed link.
    await expect(page.getByTestId('register-start-sent')).toContainText(email);
    await expect(page.getByTestId('register-start-sent')).toContainText('usually arrives within 1-2 minutes');
    await page.goto(await mailedRegistrationLink(email));

    await expect(page).toHaveURL(/step=2$/);
    await pickCountry(page, 'Germany');
    await saveScreenshot(page, 'register-2-jurisdiction-en');
    await next(page);

    await expect(page).toHaveURL(/step=3$/);
    await page.getByText('Legal entity').click();
    await saveScreenshot(page, 'register-3-company-type-en');
    await next(page);

    // A tax number another company holds opens the company check dialog.
    await expect(page).toHaveURL(/step=4$/);
    const taken = `TAKEN-${suffix}`.slice(0, 20).toUpperCase();
    const other = await apiStartRegistration(page.request, `other-${suffix}@example.test`);
    await apiSaveStep(page.request, other.token, '/api/registration/company', { unique_id: taken });
    await page.getByTestId('register-unique-id').fill(taken);
    await next(page);
    const dialog = page.getByRole('dialog', { name: 'Company check' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(taken);
    await saveScreenshot(page, 'register-4-company-check-en');
    await page.getByTestId('company-check-fix').click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('register-unique-id').fill(`DE-${suffix}`.slice(0, 20));
    await next(page);

    await expect(page).toHaveURL(/step=5$/);
    await page.getByTestId('register-client_name').fill(`Acme IoT ${suffix}`);
    await page.getByTestId('register-firstName').fill('Anna');
    await page.getByTestId('register-lastName').fill('Berg');
    await saveScreenshot(page, 'register-5-administrator-en');
    await next(page);

    await expect(page).toHaveURL(/step=6$/);
    await page.getByTestId('register-phone').fill(phone);
    await saveScreenshot(page, 'register-6-phone-en');
    await next(page);
    await expect(page.getByTestId('phone-instruction')).toContainText(phone);
    const code = await readCodeOnTools(browser, phone, (tools) => saveScreenshot(tools, 'tools-telephony-ru'));
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    await page.getByTestId('register-code').fill(wrong);
    await next(page);
    await expect(page.getByText('Verification error, check the entered data or try again later')).toBeVisible();
    await saveScreenshot(page, 'register-6-phone-code-en');
    await page.getByTestId('register-code').fill(code);
    await next(page);

    await expect(page).toHaveURL(/step=7$/);
    await expect(page.getByTestId('register-summary')).toContainText(`Acme IoT ${suffix}`);
    await expect(page.getByTestId('register-summary')).toContainText('Germany');
    await saveScreenshot(page, 'register-7-finish-en');
    await next(page);
    await expect(page.getByTestId('register-mail-notice')).toContainText('usually arrives within 1-2 minutes');
    await saveScreenshot(page, 'register-7-done-en');

    const mail = await waitForMail(email, 15_000, `Acme IoT ${suffix}`);
    const text = mailText(mail.raw);
    expect(text).toContain(`Acme IoT ${suffix}`);
    expect(text).toContain('/login');

    // Signing in again with the registered e-mail opens the cabinet.
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(REG_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expectCalmFirstScreen(page, 'en');
  });

  test('an unfinished registration that signs in is sent back to step 2 and resumes there (in Russian)', async ({ page }) => {
    const suffix = uniqueSuffix();
    const email = `half-${suffix}@example.test`;
    await apiStartRegistration(page.request, email);
    await startInLang(page, 'ru');
    await page.goto('/login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(REG_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/register\?step=2$/);
    await expect(page.getByTestId('register-step-jurisdiction')).toBeVisible();
    await expect(page.getByText('Юрисдикция')).toBeVisible();
    await pickCountry(page, 'Россия');
    await saveScreenshot(page, 'register-2-jurisdiction-ru');
    await next(page);
    await page.getByText('Индивидуальный предприниматель').click();
    await saveScreenshot(page, 'register-3-company-type-ru');
    await next(page);
    await page.getByTestId('register-unique-id').fill('a b');
    await next(page);
    await expect(page.getByText('От 4 до 20 букв, цифр или дефисов')).toBeVisible();
    await saveScreenshot(page, 'register-4-company-ru');
    await page.getByTestId('register-unique-id').fill(`RU-${suffix}`.slice(0, 20));
    await next(page);
    await expect(page).toHaveURL(/step=5$/);

    // A reload resumes at the first unsaved step, and the URL cannot skip ahead of it.
    await page.goto('/register?step=7');
    await expect(page).toHaveURL(/step=5$/);
    await saveScreenshot(page, 'register-5-administrator-ru');
    await page.goto('/register?step=1');
    await expect(page.getByTestId('register-continue')).toBeVisible();
    await saveScreenshot(page, 'register-1-welcome-ru');
    await page.getByTestId('register-continue').click();
    await expect(page).toHaveURL(/step=5$/);

    await page.getByTestId('register-client_name').fill(`ООО Телеметрия ${suffix}`);
    await page.getByTestId('register-firstName').fill('Иван');
    await page.getByTestId('register-lastName').fill('Петров');
    await next(page);

    // Incoming: the user is shown a number to call; its last 4 digits are the code.
    await expect(page).toHaveURL(/step=6$/);
    await page.getByTestId('register-phone').fill(`+7916${String(Date.now()).slice(-7)}`);
    await page.getByTestId('register-direction').getByText('Вы позвоните').click();
    await saveScreenshot(page, 'register-6-phone-ru');
    await next(page);
    const number = (await page.getByTestId('phone-incoming-number').innerText()).trim();
    expect(number).toMatch(/^\+\d{11,15}$/);
    await page.getByTestId('register-code').fill(number.slice(-4));
    await saveScreenshot(page, 'register-6-phone-incoming-ru');
    await next(page);
    await expect(page).toHaveURL(/step=7$/);
    await expect(page.getByTestId('register-summary')).toContainText('Россия');
    await next(page);
    await expect(page.getByTestId('register-mail-notice')).toContainText('обычно приходит в течение 1-2 минут');
    await saveScreenshot(page, 'register-7-done-ru');
    await page.goto('/home');
    await expectCalmFirstScreen(page, 'ru');
  });

  test('the jurisdiction step shows the spec message when the country list fails', async ({ page }) => {
    const session = await apiStartRegistration(page.request, `nocountry-${uniqueSuffix()}@example.test`);
    await setCookies(page.context(), sessionCookies(session));
    await page.route('**/api/register/countries**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await startInLang(page, 'en');
    await page.goto('/register?step=2');
    await expect(page.getByTestId('countries-error')).toContainText('Failed to load list of countries. Try refreshing the page');
    await saveScreenshot(page, 'register-2-countries-error-en');
  });
});
