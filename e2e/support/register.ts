import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { loginViaApi, type LoginResult } from './auth.js';
import { mailText, waitForMail } from './mail.js';

export const REG_PASSWORD = 'register-pass-1';

let seq = 0;
/** Unique per run and call: the e2e database is fresh each run, but tests in a run must not collide. */
export function uniqueSuffix(): string {
  seq += 1;
  return `${Date.now().toString(36)}${seq}`;
}

/** The registration link mailed to `email` after the Welcome step (path and query, for page.goto). */
export async function mailedRegistrationLink(email: string): Promise<string> {
  const text = mailText((await waitForMail(email, 15_000, '/register?token=')).raw);
  const link = /https?:\/\/\S+(\/register\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(link, 'registration link in the mail').toBeTruthy();
  return link ?? '';
}

/**
 * Starts a registration through the API: the Welcome step (it answers ok for any address), then the
 * mailed link, which answers the new registration's session, like a login.
 */
export async function apiStartRegistration(request: APIRequestContext, email: string): Promise<LoginResult> {
  const response = await request.post('/api/register/start?lang=en', { data: { email, password: REG_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  const token = new URL(await mailedRegistrationLink(email), 'http://link').searchParams.get('token');
  const confirmed = await request.post('/api/register/confirm?lang=en', { data: { token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return ((await confirmed.json()) as { result: LoginResult }).result;
}

export async function apiSaveStep(request: APIRequestContext, token: string, path: string, data: unknown): Promise<void> {
  const response = await request.post(`${path}?lang=en`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Reads the phone code from root's Tools page in a browser context of its own, as a demo operator would. */
export async function readCodeOnTools(browser: Browser, phone: string, screenshot?: (page: Page) => Promise<void>): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await loginViaApi(page, 'root@demo.local');
    await page.goto('/tools');
    const row = page.getByTestId('telephony-calls').locator('tbody tr', { hasText: phone }).first();
    await expect(row).toBeVisible();
    const code = (await row.locator('td').nth(4).innerText()).trim();
    expect(code).toMatch(/^\d{4}$/);
    if (screenshot) await screenshot(page);
    return code;
  } finally {
    await context.close();
  }
}

/** Picks an option of the country Dropdown (its filter appears once the panel is open). */
export async function pickCountry(page: Page, name: string): Promise<void> {
  const filter = page.locator('.p-dropdown-filter');
  // The first click may land while the step is still rendering; retry until the panel is open.
  await expect(async () => {
    if (!(await filter.isVisible())) await page.getByTestId('register-country').click();
    await expect(filter).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await filter.fill(name);
  // The option's click was once taken while the filtered list redrew: the panel stayed open over the
  // step's buttons (CI). Until the panel has closed on the choice, the option is clicked again.
  await expect(async () => {
    if (await filter.isVisible()) await page.locator('.p-dropdown-item', { hasText: name }).first().click({ timeout: 2000 });
    await expect(filter).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}
