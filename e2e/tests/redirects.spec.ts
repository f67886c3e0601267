import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { openShell } from '../support/ui.js';

test.describe('routing without a session (spec §2)', () => {
  for (const path of ['/home', '/list', '/sim/5', '/', '/no-such-page']) {
    test(`${path} sends a guest to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByTestId('login-form')).toBeVisible();
    });
  }

  test('/register and /forgot stay and show their title only', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByTestId('page-title')).toHaveText('Регистрация');
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId('user-menu')).toHaveCount(0);

    await page.goto('/forgot');
    await expect(page.getByTestId('page-title')).toHaveText('Восстановление пароля');
    await expect(page).toHaveURL(/\/forgot$/);
  });
});

test.describe('routing with a session (spec §2, §6)', () => {
  test('an unknown path lands on /home', async ({ page }) => {
    await loginViaApi(page, USERS.admin);
    await page.goto('/definitely/not/a/route');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('page-title')).toHaveText('Добро пожаловать, Anna');
  });

  test('/login with a session goes to /home', async ({ page }) => {
    await loginViaApi(page, USERS.admin);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });

  test('a deep link survives the session check', async ({ page }) => {
    await loginViaApi(page, USERS.admin);
    await page.goto('/sim/5');
    await expect(page).toHaveURL(/\/sim\/5$/);
    await expect(page.getByTestId('page-title')).toBeVisible();
  });

  test('non-root users are sent from /companies and /tools to /home and see no root menu', async ({ page }) => {
    await loginViaApi(page, USERS.admin);
    await openShell(page);
    await expect(page.getByTestId('menu-home')).toBeVisible();
    await expect(page.getByTestId('menu-companies')).toHaveCount(0);
    await expect(page.getByTestId('menu-tools')).toHaveCount(0);

    for (const path of ['/companies', '/tools']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByTestId('page-title')).toHaveText('Добро пожаловать, Anna');
    }
  });

  test('a company user is sent from the agent panel to /home, without a "no permission" toast', async ({ page }) => {
    await loginViaApi(page, USERS.admin);
    await openShell(page);
    await expect(page.getByTestId('menu-agent')).toHaveCount(0);
    for (const path of ['/agent/info', '/agent/request/1']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByTestId('page-title')).toHaveText('Добро пожаловать, Anna');
      await expect(page.locator('.p-toast-message')).toHaveCount(0);
    }
  });

  test('root sees Companies and Tools and can open them', async ({ page }) => {
    await loginViaApi(page, USERS.root);
    await openShell(page);
    await page.getByTestId('menu-companies').click();
    await expect(page).toHaveURL(/\/companies$/);
    await expect(page.getByTestId('page-title')).toHaveText('Компании');
    await page.getByTestId('menu-tools').click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByTestId('page-title')).toHaveText('Инструменты');
  });

  test('the side menu navigates, including the reports submenu', async ({ page }) => {
    await loginViaApi(page, USERS.manager);
    await openShell(page);
    await page.getByTestId('menu-list').click();
    await expect(page).toHaveURL(/\/list$/);
    await expect(page.getByTestId('page-title')).toHaveText('Список SIM');
    await page.getByTestId('menu-report').click();
    await page.getByTestId('menu-report-sessions').click();
    await expect(page).toHaveURL(/\/report\/sessions$/);
    await expect(page.getByTestId('page-title')).toHaveText('Отчёт по сессиям');
  });
});
