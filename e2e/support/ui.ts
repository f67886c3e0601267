import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Starts a fresh context in `lang` (as if chosen earlier); a later switch by the user still sticks. */
export async function startInLang(page: Page, lang: 'ru' | 'en'): Promise<void> {
  await page.addInitScript((value) => {
    if (window.localStorage.getItem('lang') === null) window.localStorage.setItem('lang', value);
  }, lang);
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
