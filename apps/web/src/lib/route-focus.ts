import { useEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** How long a new page may take to draw its heading (a lazy chunk, a first query) before main gets focus. */
const HEADING_WAIT_MS = 5_000;
const FIELD = 'input, textarea, select, [contenteditable="true"]';

/**
 * Focuses the page's main heading (made focusable from script only), or the main region when the page
 * has none. A screen reader reads the heading, so the new page is announced by its own name.
 */
export function focusMainHeading(main: HTMLElement): void {
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus({ preventScroll: true });
}

function focusIsLost(active: Element | null): boolean {
  return active === null || active === document.body || !active.isConnected;
}

/**
 * After a route change: moves focus to the new page's heading once it is drawn (bounded wait). Focus
 * stays where it is when the user moved it meanwhile, or when the new page put it in one of its fields.
 * Returns a cancel function (a newer route change replaces the wait; a wait outliving its layout ends
 * by itself and focuses nothing that is gone).
 */
export function focusPageHeading(main: HTMLElement, waitMs = HEADING_WAIT_MS): () => void {
  const startedWith = document.activeElement;
  const leaveFocus = (): boolean => {
    const active = document.activeElement;
    if (active && main.contains(active) && active !== main && active.matches(FIELD)) return true;
    return active !== startedWith && !focusIsLost(active);
  };
  const tryHeading = (): boolean => {
    if (!main.querySelector('h1')) return false;
    if (!leaveFocus()) focusMainHeading(main);
    return true;
  };
  if (tryHeading()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryHeading()) stop();
  });
  const timer = window.setTimeout(() => {
    stop();
    if (!leaveFocus()) focusMainHeading(main);
  }, waitMs);
  function stop(): void {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/**
 * Focus management of a layout with `<main id="main">`: every route change (path, not query) moves focus
 * to the new page's heading. A fresh load or reload keeps focus at the document's start, where the skip
 * link is the first Tab stop; arriving by the app's own navigation (sign-in lands on /home) is a change.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef<string | null>(null);
  const cancel = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (shown.current === pathname) return;
    const freshLoad = shown.current === null && navigationType !== NavigationType.Push;
    shown.current = pathname;
    cancel.current();
    const main = document.getElementById('main');
    if (freshLoad || !main) return;
    cancel.current = focusPageHeading(main);
  }, [pathname, navigationType]);
}
