import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, loginViaApi, USERS, type DemoEmail } from '../support/auth.js';
import { publishNews, uniqueTitle } from '../support/news.js';
import { saveScreenshot } from '../support/screens.js';
import { openShell, startInLang } from '../support/ui.js';

/*
 * Keyboard and screen-reader focus (issue 27.9), in ru and en: the skip links are the first Tab stops,
 * a route change puts focus on the new page's heading (read out by a screen reader, so the change is
 * announced), and the news drawer that opens by itself after sign-in takes focus and gives it back to
 * the page's heading on Escape — never to the page body.
 */

const TEXTS = {
  ru: { skip: 'Перейти к содержимому', menu: 'Перейти к меню', list: 'Список SIM' },
  en: { skip: 'Skip to content', menu: 'Skip to the menu', list: 'SIM list' },
} as const;

/** What has focus: its test id, tag, text and whether it is the page's heading. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return {
      testId: active?.getAttribute('data-testid') ?? null,
      tag: active?.tagName.toLowerCase() ?? null,
      text: (active?.textContent ?? '').trim(),
      isBody: active === document.body,
      inMain: document.getElementById('main')?.contains(active) ?? false,
    };
  });
}

async function expectHeadingFocused(page: Page): Promise<void> {
  const heading = page.locator('#main h1');
  await expect(heading).toBeFocused();
  // The browser tab is named after the same page, so the change is announced either way.
  const title = (await heading.innerText()).trim();
  await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

for (const lang of ['ru', 'en'] as const) {
  const text = TEXTS[lang];

  test.describe(`focus (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await startInLang(page, lang);
    });

    test('the skip links are the first Tab stops: content in one Tab, the SIM list link in four', async ({ page }) => {
      await loginViaApi(page, USERS.manager);
      await openShell(page);

      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ testId: 'skip-link', text: text.skip });
      await expect(page.getByTestId('skip-link')).toBeInViewport();
      await saveScreenshot(page, `focus-skip-link-${lang}-1440`);
      await page.keyboard.press('Enter');
      expect(await focused(page)).toMatchObject({ inMain: true, isBody: false });
      await page.keyboard.press('Tab');
      expect((await focused(page)).inMain, 'the next Tab stays in the page content').toBe(true);

      await page.reload();
      await expect(page.getByTestId('page-title')).toBeVisible();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ testId: 'skip-to-menu', text: text.menu });
      await page.keyboard.press('Enter');
      // The menu's first link (FAQ), then the home page, then the SIM list.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ testId: 'menu-list', text: text.list });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/list$/);
      await expectHeadingFocused(page);
    });

    test('on a phone the menu skip link opens the menu drawer at its first link', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await loginViaApi(page, USERS.manager);
      await openShell(page);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ testId: 'skip-to-menu', text: text.menu });
      await saveScreenshot(page, `focus-skip-to-menu-${lang}-390`);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('sidebar')).toHaveAttribute('data-drawer', 'open');
      expect((await focused(page)).testId).toBe('menu-faq');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/list$/);
      await expect(page.getByTestId('sidebar')).toHaveAttribute('data-drawer', 'closed');
      await expectHeadingFocused(page);
    });

    test('every route change puts focus on the new page heading: menu, a link in the page, Back', async ({ page }) => {
      await loginViaApi(page, USERS.admin);
      await openShell(page);
      // A fresh load leaves focus at the document's start (the skip link comes first).
      expect((await focused(page)).isBody).toBe(true);

      await page.getByTestId('menu-orders').click();
      await expect(page).toHaveURL(/\/orders$/);
      await expectHeadingFocused(page);

      await page.getByTestId('menu-list').focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/list$/);
      await expectHeadingFocused(page);

      const simLink = page.getByTestId('sims-row-link').first();
      await simLink.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/sim\/\d+$/);
      await expectHeadingFocused(page);

      await page.goBack();
      await expect(page).toHaveURL(/\/list$/);
      // The list drawn first: the SIM page's heading may still hold focus until the list replaces it,
      // and on a loaded machine the route change's own focus would otherwise land after the next step.
      await expect(page.getByTestId('sims-table')).toBeVisible();
      await expectHeadingFocused(page);
      // Only the path counts: a change of the query (a filter, a page) leaves focus where the user is.
      await page.getByTestId('menu-home').focus();
      await page.evaluate(() => {
        window.history.pushState(window.history.state, '', '/list?page=1');
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
      });
      await expect(page).toHaveURL(/\/list\?page=1$/);
      await page.waitForTimeout(300);
      expect((await focused(page)).testId).toBe('menu-home');
    });

    test('the news drawer that opens after sign-in takes focus; Escape gives it to the page heading', async ({ page, request }) => {
      const user: DemoEmail = lang === 'ru' ? USERS.viewer : USERS.agent;
      await publishNews(request, uniqueTitle(`Focus news ${lang}`));
      await page.goto('/login');
      await page.getByTestId('login-email').fill(user);
      await page.getByTestId('login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await expect(page).toHaveURL(/\/home$/);

      const drawer = page.getByTestId('news-drawer');
      await expect(drawer).toBeVisible();
      await expect.poll(() => drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);

      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expectHeadingFocused(page);
      expect((await focused(page)).isBody).toBe(false);

      // Opened from its button, it gives focus back to that button.
      await page.getByTestId('news-button').click();
      await expect(drawer).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(page.getByTestId('news-button')).toBeFocused();
    });
  });
}
