import { expect, type Page } from '@playwright/test';
import { mailText, waitForMail } from './mail.js';

/*
 * Signing in and out through the pages, as a person does, for the flows of accounts made during
 * the run (two-factor, single sign-on, passkeys): the demo users sign in by API (auth.ts).
 */

/** The password the cabinet mailed to a user it created (a company's admin, a company user). */
export async function mailedPassword(email: string): Promise<string> {
  const password = /(?:Password|Пароль): (\S+)/.exec(mailText((await waitForMail(email)).raw))?.[1];
  if (!password) throw new Error(`no password in the mail to ${email}`);
  return password;
}

/** The login form filled and sent; `site` when the flow runs on another origin (passkeys: localhost). */
export async function signInWithPassword(page: Page, email: string, password: string, site = ''): Promise<void> {
  await page.goto(`${site}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * After a user's first sign-in in this browser: a company without SIMs opens the shell's "no SIM
 * cards yet" dialog (once per user and browser session); it is closed as a user would.
 */
export async function closeEmptySimDialog(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/home$/);
  await page.getByTestId('empty-sim-close').click();
  await expect(page.getByTestId('empty-sim-dialog')).toBeHidden();
}
