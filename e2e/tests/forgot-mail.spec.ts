import { expect, test } from '@playwright/test';
import { mailText, waitForMail } from '../support/mail.js';
import { REG_PASSWORD, apiStartRegistration, uniqueSuffix } from '../support/register.js';
import { saveScreenshot } from '../support/screens.js';
import { startInLang } from '../support/ui.js';

test.describe('password recovery through a real mail (spec §2, §5)', () => {
  test('the mailed link sets a new password; the old one stops working', async ({ page }) => {
    // A user of its own, so the demo logins other tests use keep their password.
    const email = `forgot-${uniqueSuffix()}@example.test`;
    await apiStartRegistration(page.request, email);
    const newPassword = 'brand-new-pass-7';
    await startInLang(page, 'en');

    await page.goto('/forgot');
    await page.getByTestId('forgot-email').fill(email);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-sent')).toBeVisible();

    const link = /(https?:\/\/\S+\/forgot\?token=[A-Za-z0-9_-]+)/.exec(mailText((await waitForMail(email, 15_000, '/forgot?token=')).raw))?.[1];
    expect(link, 'reset link in the mail').toBeTruthy();
    await page.goto(link ?? '');
    await page.getByTestId('reset-password').fill(newPassword);
    await page.getByTestId('reset-repeat').fill(newPassword);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-done')).toBeVisible();
    await saveScreenshot(page, 'forgot-mail-done-en');

    const loginStatus = async (password: string) => (await page.request.post('/api/login', { data: { email, password } })).status();
    expect(await loginStatus(REG_PASSWORD)).toBe(401);
    expect(await loginStatus(newPassword)).toBe(200);

    // The link is single use.
    await page.goto(link ?? '');
    await page.getByTestId('reset-password').fill('another-pass-8');
    await page.getByTestId('reset-repeat').fill('another-pass-8');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText('The link is invalid or has expired')).toBeVisible();
  });
});
