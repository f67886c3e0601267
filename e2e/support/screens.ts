import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/**
 * Full-page PNG for humans in e2e/screenshots/ (gitignored). Animations are frozen for a stable image.
 * A full-page shot keeps the page's scroll position, and the sticky header is drawn where that position
 * puts it: a page scrolled by a focus or a click showed the header in its middle. The page goes back to
 * its top first (instantly, whatever the CSS scroll behaviour), and the shot waits for that frame.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
}
