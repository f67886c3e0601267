import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Starts a fresh context in `lang` (as if chosen earlier); a later switch by the user still sticks. */
export async function startInLang(page: Page, lang: 'ru' | 'en'): Promise<void> {
  await page.addInitScript((value) => {
    if (window.localStorage.getItem('lang') === null) window.localStorage.setItem('lang', value);
  }, lang);
}

/**
 * Switches the language with the header's switch, as a user does, and waits until it took: the
 * language's texts load first and only then is the choice stored, so a navigation right after the
 * click could still start in the old language.
 */
export async function switchLang(page: Page, lang: 'ru' | 'en'): Promise<void> {
  await page.getByTestId(`lang-${lang}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Opens a logged-in page and waits until the shell (header with the user menu) is there. */
export async function openShell(page: Page, path = '/home'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('page-title')).toBeVisible();
}

/** PrimeReact toasts of one position group (spec §2: top-right, top-center, bottom-right). */
export function toasts(page: Page, position: 'top-right' | 'top-center' | 'bottom-right'): Locator {
  return page.locator(`.p-toast-${position} .p-toast-message`);
}

/** The visible PrimeReact overlay panel (header dropdowns). */
export function overlay(page: Page): Locator {
  return page.locator('.p-overlaypanel');
}

export function cardsIn(drawer: Locator): Locator {
  return drawer.getByTestId('news-card');
}
