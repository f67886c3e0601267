import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { newsCount, publishNews, uniqueTitle } from '../support/news.js';
import { saveScreenshot } from '../support/screens.js';
import { cardsIn, openShell, startInLang, toasts } from '../support/ui.js';
import { tapWebSocket } from '../support/ws.js';

test.describe('news drawer (spec §2, §4, §8)', () => {
  test('publishing news opens the drawer by itself; the news button toggles it', async ({ page, request }) => {
    const ws = await tapWebSocket(page);
    await loginViaApi(page, USERS.admin);
    await openShell(page);
    await ws.waitForAuthOk();
    const drawer = page.getByTestId('news-drawer');
    await expect(drawer).toHaveCount(0);

    const title = uniqueTitle('Release notes');
    await publishNews(request, title, '<p>New <b>SIM</b> list filters.</p>');
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('.news-drawer__title')).toHaveText('Новости проекта');
    await expect(cardsIn(drawer).first().locator('.news-card__title')).toHaveText(title);
    await expect(cardsIn(drawer).first().locator('.news-card__text b')).toHaveText('SIM');
    await expect(cardsIn(drawer).first().locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    await saveScreenshot(page, 'news-drawer');

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByTestId('news-button').click();
    await expect(drawer).toBeVisible();
    await expect(cardsIn(drawer).first().locator('.news-card__title')).toHaveText(title);
    await drawer.locator('.p-sidebar-close').click();
    await expect(drawer).toBeHidden();

    // Seen now: a reload does not open it again.
    const me = page.waitForResponse((r) => r.url().includes('/api/service/me'));
    await page.reload();
    expect(((await (await me).json()) as { result: { news: { show: boolean } } }).result.news.show).toBe(false);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(drawer).toHaveCount(0);
  });

  test('unseen news opens the drawer on load, in English', async ({ page, request }) => {
    const title = uniqueTitle('Maintenance window');
    await publishNews(request, title);
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.agent, { keepNewsUnseen: true });
    await page.goto('/home');
    const drawer = page.getByTestId('news-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('.news-drawer__title')).toHaveText('Project news');
    await expect(cardsIn(drawer).first()).toContainText(title);
  });

  for (const lang of ['ru', 'en'] as const) {
    test(`news written in two languages is read in the reader's language (${lang})`, async ({ page, request }) => {
      const title = { ru: uniqueTitle('Новые фильтры'), en: uniqueTitle('New filters') };
      const text = { ru: 'Фильтры списка SIM стали быстрее.', en: 'The SIM list filters are faster.' };
      await publishNews(request, title.ru, `<p>${text.ru}</p>`, { title: title.en, text: `<p>${text.en}</p>` });
      await startInLang(page, lang);
      await loginViaApi(page, USERS.manager);
      await openShell(page);
      await page.getByTestId('news-button').click();
      const card = cardsIn(page.getByTestId('news-drawer')).first();
      await expect(card.locator('.news-card__title')).toHaveText(title[lang]);
      await expect(card.locator('.news-card__text')).toHaveText(text[lang]);
      const other = lang === 'ru' ? 'en' : 'ru';
      await expect(card).not.toContainText(text[other]);
      await saveScreenshot(page, `news-drawer-languages-${lang}-1440`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(card.locator('.news-card__title')).toHaveText(title[lang]);
      await saveScreenshot(page, `news-drawer-languages-${lang}-390`);
    });
  }

  test('more than one page: Next and Previous', async ({ page, request }) => {
    for (let n = await newsCount(request); n < 12; n += 1) await publishNews(request, uniqueTitle(`Bulk news ${n}`));
    const total = await newsCount(request);
    const pages = Math.ceil(total / 10);

    await loginViaApi(page, USERS.manager);
    await openShell(page);
    await page.getByTestId('news-button').click();
    const drawer = page.getByTestId('news-drawer');
    await expect(cardsIn(drawer)).toHaveCount(10);
    await expect(drawer).toContainText(`Страница 1 из ${pages}`);
    await expect(page.getByTestId('news-prev')).toBeDisabled();

    const second = page.waitForRequest((r) => r.url().includes('/api/news/list'));
    await page.getByTestId('news-next').click();
    expect((await second).postDataJSON()).toEqual({ page: 1, size: 10 });
    await expect(drawer).toContainText(`Страница 2 из ${pages}`);
    await expect(cardsIn(drawer)).toHaveCount(Math.min(10, total - 10));
    await expect(page.getByTestId('news-prev')).toBeEnabled();

    await page.getByTestId('news-prev').click();
    await expect(drawer).toContainText(`Страница 1 из ${pages}`);
    await expect(cardsIn(drawer)).toHaveCount(10);
  });

  test('one page only: no pager', async ({ page }) => {
    await loginViaApi(page, USERS.viewer);
    await page.route('**/api/news/list*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: { items: unknown[]; all_count: number } };
      body.result = { items: body.result.items.slice(0, 2), all_count: 2 };
      await route.fulfill({ response, json: body });
    });
    await openShell(page);
    await page.getByTestId('news-button').click();
    await expect(cardsIn(page.getByTestId('news-drawer'))).toHaveCount(2);
    await expect(page.getByTestId('news-next')).toHaveCount(0);
    await expect(page.getByTestId('news-prev')).toHaveCount(0);
  });

  test('a load failure shows the error view and Retry reloads', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.viewer);
    await openShell(page);
    await page.route('**/api/news/list*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down","code":"internal"}' }),
    );
    await page.getByTestId('news-button').click();
    const error = page.getByTestId('news-error');
    await expect(error).toBeVisible();
    await expect(error).toContainText('Error');
    await expect(error).toContainText("Can't load the data");
    const toast = toasts(page, 'bottom-right').first();
    await expect(toast).toContainText('Failed to load news. Try again');
    await expect(toast).toHaveClass(/p-toast-message-warn/);
    // The default error toast stays away (the news toast replaces it).
    await expect(toasts(page, 'top-right')).toHaveCount(0);
    await saveScreenshot(page, 'news-error');

    await page.unroute('**/api/news/list*');
    await page.getByTestId('news-retry').click();
    await expect(cardsIn(page.getByTestId('news-drawer')).first()).toBeVisible();
    await expect(error).toHaveCount(0);
    await expect(toast).toBeHidden({ timeout: 5_000 }); // news toast lives 2 s
  });
});
