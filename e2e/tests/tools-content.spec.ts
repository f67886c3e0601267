import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginViaApi, USERS, type DemoEmail } from '../support/auth.js';
import { makePng, rootCall, seriousAxeFindings } from '../support/content.js';
import { uniqueTitle } from '../support/news.js';
import { saveScreenshot } from '../support/screens.js';
import { cardsIn, openShell, startInLang } from '../support/ui.js';
import { tapWebSocket } from '../support/ws.js';

/** A user's cabinet, open and listening on its websocket; a marker tells whether the page was reloaded. */
async function openCabinet(
  browser: Browser,
  email: DemoEmail,
  path = '/home',
  lang: 'ru' | 'en' = 'ru',
): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await startInLang(page, lang);
  const ws = await tapWebSocket(page);
  await loginViaApi(page, email);
  await openShell(page, path);
  await ws.waitForAuthOk();
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  return page;
}

async function notReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
}

async function openTool(page: Page, tab: string): Promise<void> {
  await loginViaApi(page, USERS.root);
  await openShell(page, `/tools?tab=${tab}`);
  await expect(page.getByTestId(`${tab}-tab`)).toBeVisible();
}

/** Types into PrimeReact's InputNumber as a user does (it parses keystrokes, not a pasted value). */
async function setVersionInput(page: Page, value: string): Promise<void> {
  const input = page.locator('#version-min');
  await input.click();
  await input.press('Control+a');
  await input.press('Backspace');
  await input.pressSequentially(value);
}

async function screens(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  // A phone: the menu is a drawer, closed.
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-drawer', 'closed');
  await saveScreenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('root content tools (issue 11)', () => {
  test.afterAll(async ({ request }) => {
    await rootCall(request, '/api/tools/banner/withdraw', {});
    await rootCall(request, '/api/tools/version/set', { min_version: 250314 });
  });

  test('root publishes a banner and a user’s open cabinet shows it without a reload; the user closes it', async ({
    page,
    browser,
  }) => {
    const user = await openCabinet(browser, USERS.viewer);
    await expect(user.getByTestId('header-banner')).toHaveCount(0);

    await openTool(page, 'banner');
    await page.getByTestId('banner-type').getByText('Опасность').click();
    await page.getByTestId('banner-text_ru').fill('Плановые работы сегодня с 02:00 до 04:00 UTC');
    await page.getByTestId('banner-text_en').fill('Planned maintenance tonight 02:00–04:00 UTC');
    await page.getByTestId('banner-link').fill('/docs');
    await expect(page.getByTestId('banner-preview')).toContainText('Плановые работы сегодня');
    await screens(page, 'tools-banner-ru');

    await page.getByTestId('banner-publish').click();
    await page.getByTestId('tools-confirm-accept').click();
    await expect(page.getByTestId('banner-status')).toHaveText('Показывается');

    const banner = user.getByTestId('header-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Плановые работы сегодня с 02:00 до 04:00 UTC');
    await expect(banner).toHaveClass(/header-banner--danger/);
    await expect(user.getByTestId('header-banner-link')).toHaveAttribute('href', '/docs');
    expect(await notReloaded(user)).toBe(true);
    await saveScreenshot(user, 'header-banner-ru-1440');

    // Large screens only (spec §1).
    await user.setViewportSize({ width: 1000, height: 800 });
    await expect(banner).toBeHidden();
    await user.setViewportSize({ width: 1440, height: 900 });

    await user.getByTestId('header-banner-close').click();
    await expect(banner).toHaveCount(0);
    await user.reload();
    await expect(user.getByTestId('user-menu')).toBeVisible();
    await expect(user.getByTestId('header-banner')).toHaveCount(0);

    // A bad link is refused with the field's message, and the banner in force stays.
    await page.getByTestId('banner-link').fill('javascript:alert(1)');
    await page.getByTestId('banner-publish').click();
    await page.getByTestId('tools-confirm-accept').click();
    await expect(page.getByTestId('banner-link-error')).toContainText(
      'Ссылка должна начинаться с http://, https:// или /',
    );
    await user.context().close();
  });

  test('root publishes news with an image and the user’s news drawer opens by itself', async ({ page, browser }) => {
    const user = await openCabinet(browser, USERS.admin);
    const drawer = user.getByTestId('news-drawer');
    await expect(drawer).toHaveCount(0);

    await openTool(page, 'news');
    await page.getByTestId('news-create').click();
    const dialog = page.getByTestId('news-dialog');
    const title = uniqueTitle('Новая панель отчётов');
    const titleEn = uniqueTitle('New reports panel');
    await dialog.getByTestId('news-title-ru').fill(title);
    await dialog
      .getByTestId('news-image')
      .setInputFiles({ name: 'reports.png', mimeType: 'image/png', buffer: makePng() });
    await expect(dialog.getByTestId('news-image-preview')).toBeVisible();
    // A file that only claims to be an image is refused with the server's message.
    await dialog
      .getByTestId('news-image')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') });
    await expect(dialog.getByTestId('news-image-error')).toHaveText(
      'Изображение должно быть файлом PNG, JPEG, WebP или GIF',
    );
    await expect(dialog.getByTestId('news-image-preview')).toBeVisible();
    await dialog.getByTestId('news-language-ru').locator('.ql-editor').click();
    await page.keyboard.type('Отчёты по сессиям теперь строятся ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('за секунды');
    // English: a title without its text is refused on that field; the Russian half is kept.
    await dialog.getByTestId('news-title-en').fill(titleEn);
    await dialog.getByTestId('news-save').click();
    await expect(dialog.getByTestId('news-text-en-error')).toHaveText('Заполните данные');
    await dialog.getByTestId('news-language-en').locator('.ql-editor').click();
    await page.keyboard.type('Session reports now take seconds');
    await saveScreenshot(page, 'tools-news-dialog-ru-1440');
    await dialog.getByTestId('news-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('news-table')).toContainText(title);
    await expect(page.getByTestId('news-table').locator('.news-languages').first()).toHaveText(/RU\s*EN/);
    // The author has read its own news: root's drawer stays shut.
    await expect(page.getByTestId('news-drawer')).toHaveCount(0);
    await screens(page, 'tools-news-ru');

    await expect(drawer).toBeVisible();
    const card = cardsIn(drawer).first();
    await expect(card.locator('.news-card__title')).toHaveText(title);
    await expect(card.locator('.news-card__text strong')).toHaveText('за секунды');
    const image = card.locator('img.news-card__image');
    await expect(image).toHaveAttribute('src', /^\/api\/news\/image\?file=[0-9a-f-]{36}\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    expect(await notReloaded(user)).toBe(true);
    await saveScreenshot(user, 'news-drawer-image-ru-1440');
    await user.context().close();
  });

  test('root raises the cabinet version and the user’s open cabinet shows the update dialog', async ({
    page,
    browser,
  }) => {
    const user = await openCabinet(browser, USERS.viewer);
    await expect(user.getByTestId('update-dialog')).toHaveCount(0);

    await openTool(page, 'version');
    await expect(page.getByTestId('version-current')).toHaveText('250314');
    await setVersionInput(page, '991231');
    await expect(page.getByTestId('version-warning')).toBeVisible();
    await screens(page, 'tools-version-ru');
    await page.getByTestId('version-save').click();
    await page.getByTestId('tools-confirm-accept').click();
    await expect(page.getByTestId('version-current')).toHaveText('991231');

    await expect(user.getByRole('dialog')).toContainText('Требуется обновление');
    expect(await notReloaded(user)).toBe(true);
    // Root's own cabinet stays usable: root is who lowers it again.
    await expect(page.getByTestId('update-dialog')).toHaveCount(0);

    await setVersionInput(page, '250314');
    await page.getByTestId('version-save').click();
    await page.getByTestId('tools-confirm-accept').click();
    await expect(user.getByRole('dialog')).toHaveCount(0);
    await user.context().close();
  });

  test('/faq is grouped, searchable and deep-linkable, in ru and en', async ({ page }) => {
    await loginViaApi(page, USERS.manager);
    await openShell(page, '/faq');
    await expect(page.getByTestId('page-title')).toHaveText('FAQ');
    await expect(page.locator('.faq-group h2').first()).toHaveText('Блокировки');
    await page.getByTestId('faq-search').fill('webhook');
    await expect(page.getByTestId('faq-count')).toHaveText(/^Найден/);
    const items = page.getByTestId('faq-item');
    await expect(items.first()).toHaveAttribute('id', 'webhooks');
    await expect(items.first()).toContainText('X-Cabinet-Signature');
    await expect(page.locator('details#msu')).toHaveCount(0);
    await screens(page, 'faq-search-ru');

    await page.getByTestId('faq-search').fill('нет-такого-слова');
    await expect(page.getByTestId('faq-empty')).toBeVisible();

    // A deep link opened from elsewhere (a mail, a chat): the question is open, in view and focused.
    await openShell(page, '/home');
    await page.goto('/faq#msu');
    await expect(page.locator('details#msu')).toHaveAttribute('open', '');
    await expect(page.locator('details#msu summary')).toBeFocused();
    await expect(page.locator('details#webhooks')).not.toHaveAttribute('open');
  });

  test('/faq and the Tools tabs in English', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.root);
    await openShell(page, '/faq');
    await page.getByTestId('faq-search').fill('webhook');
    await expect(page.getByTestId('faq-item').first()).toContainText('How do I receive webhook notifications');
    await screens(page, 'faq-search-en');
    expect(await seriousAxeFindings(page)).toEqual([]);
    for (const tab of ['banner', 'news', 'version', 'faq']) {
      await page.goto(`/tools?tab=${tab}`);
      await expect(page.getByTestId(`${tab}-tab`)).toBeVisible();
      await expect(page.locator('.p-skeleton')).toHaveCount(0);
      expect(await seriousAxeFindings(page), tab).toEqual([]);
    }
    await page.goto('/tools?tab=banner');
    await expect(page.getByTestId('banner-tab')).toContainText('Header banner');
    await screens(page, 'tools-banner-en');
    await page.goto('/tools?tab=faq');
    await expect(page.getByTestId('faq-table')).toContainText('What is MSU?');
    await screens(page, 'tools-faq-en');
    await page.getByTestId('faq-edit-msu').click();
    await expect(page.getByTestId('faq-dialog').locator('.ql-editor').first()).toBeVisible();
    await saveScreenshot(page, 'tools-faq-dialog-en-1440');
    expect(await seriousAxeFindings(page, '.p-dialog'), 'faq dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/tools?tab=news');
    await page.getByTestId('news-create').click();
    await expect(page.getByTestId('news-dialog').locator('.ql-editor')).toHaveCount(2);
    await saveScreenshot(page, 'tools-news-dialog-en-1440');
    expect(await seriousAxeFindings(page, '.p-dialog'), 'news dialog').toEqual([]);
  });

  for (const lang of ['ru', 'en'] as const) {
    test(`every Tools tab shows at 1440 px without the strip's scroll arrows (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await startInLang(page, lang);
      await loginViaApi(page, USERS.root);
      await openShell(page, '/tools?tab=news');
      await expect(page.getByTestId('news-tab')).toBeVisible();
      const strip = page.locator('.tools-tabs .p-tabview-nav-content');
      const tabs = page.locator('.tools-tabs [data-testid^="tools-tab-"]');
      await expect(tabs).toHaveCount(9);
      await expect(page.locator('.tools-tabs .p-tabview-nav-btn')).toHaveCount(0);
      const box = await strip.boundingBox();
      for (const tab of await tabs.all()) {
        const own = await tab.boundingBox();
        expect(own && box && own.x >= box.x - 1 && own.x + own.width <= box.x + box.width + 1, await tab.innerText()).toBe(true);
      }
      await saveScreenshot(page, `tools-tabs-${lang}-1440`);
      // Every tab is reachable by a click, the last one too.
      await page.getByTestId('tools-tab-faq').click();
      await expect(page.getByTestId('faq-tab')).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByTestId('sidebar')).toHaveAttribute('data-drawer', 'closed');
      await saveScreenshot(page, `tools-tabs-${lang}-390`);
    });
  }

  // Without the app's CSP, which would stop inline script by itself: the sanitizer alone must hold.
  test.describe('with the CSP bypassed', () => {
    test.use({ bypassCSP: true });
    test('script in news and FAQ never runs and never reaches the page unescaped', async ({ page, request }) => {
      const alerts: string[] = [];
      page.on('dialog', async (dialog) => {
        alerts.push(dialog.message());
        await dialog.dismiss();
      });
      const payload =
        '<p>Safe text</p><img src=x onerror="window.xssRan=1;alert(1)"><script>window.xssRan=2;alert(2)</script>' +
        '<a href="javascript:window.xssRan=3;alert(3)" data-testid="xss-link">click me</a> <a href="JaVaScRiPt:alert(4)">second</a>' +
        '<iframe src="javascript:alert(5)"></iframe><svg onload="alert(6)"></svg><p onmouseover="alert(7)" style="background:url(javascript:alert(8))">hover</p>';
      const title = uniqueTitle('<img src=x onerror=alert(9)> XSS');
      await rootCall(request, '/api/news/create', { title_ru: title, text_ru: payload, title_en: title, text_en: payload });
      await rootCall(request, '/api/tools/faq/create', {
        id: 'xss-check',
        group: 'general',
        position: 9999,
        question_ru: '<script>alert(10)</script> Проверка',
        question_en: '<script>alert(10)</script> Check',
        answer_ru: payload,
        answer_en: payload,
      });

      await loginViaApi(page, USERS.viewer, { keepNewsUnseen: true });
      await openShell(page);
      const drawer = page.getByTestId('news-drawer');
      await expect(drawer).toBeVisible();
      const card = cardsIn(drawer).first();
      // The title is text: its markup shows as characters, never as an element.
      await expect(card.locator('.news-card__title')).toHaveText(title);
      await expect(card.locator('.news-card__title img')).toHaveCount(0);
      const text = card.locator('.news-card__text');
      await expect(text).toContainText('Safe text');
      await expect(text.locator('img, script, iframe, svg, [onerror], [onmouseover], [onload], [style]')).toHaveCount(
        0,
      );
      await expect(text.locator('a[href^="javascript" i]')).toHaveCount(0);
      await text.getByText('click me').click();
      await text.getByText('hover').hover();

      await page.goto('/faq#xss-check');
      const entry = page.locator('details#xss-check');
      await expect(entry).toHaveAttribute('open', '');
      await expect(entry.locator('summary')).toHaveText('<script>alert(10)</script> Проверка');
      const answer = entry.locator('.faq-item__answer');
      await expect(answer).toContainText('Safe text');
      await expect(answer.locator('img, script, iframe, svg, [onerror], [onmouseover], [onload], [style]')).toHaveCount(
        0,
      );
      await expect(answer.locator('a[href^="javascript" i]')).toHaveCount(0);
      await answer.getByText('click me').click();
      await answer.getByText('hover').hover();

      expect(await page.evaluate(() => (window as unknown as { xssRan?: number }).xssRan)).toBeUndefined();
      expect(alerts).toEqual([]);
      await rootCall(request, '/api/tools/faq/delete', { id: 'xss-check' });
    });
  });
});
