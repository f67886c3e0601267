/*
 * Keyboard behaviour shared by every dialog, drawer, dropdown panel and menu of the app, installed
 * once at the root so pages added later inherit it:
 * - a panel that opens moves focus into it (the first menu item, or its first control);
 * - when a dialog, drawer or panel closes and focus fell to the page body, it goes back to the
 *   element that had it before the overlay opened (the opener); an overlay that opened by itself
 *   (unseen news after sign-in, the empty-SIM dialog) hands it to the page's main heading instead;
 * - arrow keys, Home and End move between the items of any `role="menu"`.
 */

import { focusMainHeading } from './route-focus';

const OVERLAY = '.p-dialog-mask, .p-dialog, .p-overlaypanel, .p-sidebar-mask, .p-sidebar, .p-menu-overlay, [data-overlay]';
const PANEL = '.p-overlaypanel, .p-menu-overlay, [data-overlay]';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const MENU_ITEM = '[role="menuitem"]:not([disabled]):not([aria-disabled="true"]), [role="menuitemcheckbox"]:not([disabled]), [role="menuitemradio"]:not([disabled])';

function isElement(node: EventTarget | null | undefined): node is HTMLElement {
  return node instanceof HTMLElement;
}

function insideOverlay(element: Element): boolean {
  return element.closest(OVERLAY) !== null;
}

/** The overlay roots a mutation added or removed (portals append them to body). */
function overlaysIn(nodes: NodeList): HTMLElement[] {
  const found: HTMLElement[] = [];
  for (const node of nodes) {
    if (!isElement(node)) continue;
    if (node.matches(OVERLAY)) found.push(node);
    else found.push(...Array.from(node.querySelectorAll<HTMLElement>(OVERLAY)).slice(0, 1));
  }
  return found;
}

/** Focus goes into a dropdown panel when it opens (dialogs and drawers focus themselves). */
export function focusInto(panel: HTMLElement): void {
  if (panel.contains(document.activeElement)) return;
  const target = panel.querySelector<HTMLElement>(MENU_ITEM) ?? panel.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
}

/** Arrow keys, Home and End inside a menu; returns whether the key was used. */
export function moveInMenu(menu: HTMLElement, key: string, current: Element | null): boolean {
  const items = Array.from(menu.querySelectorAll<HTMLElement>(MENU_ITEM));
  if (items.length === 0) return false;
  const index = current ? items.indexOf(current as HTMLElement) : -1;
  let next: number;
  if (key === 'ArrowDown') next = index < 0 ? 0 : (index + 1) % items.length;
  else if (key === 'ArrowUp') next = index <= 0 ? items.length - 1 : index - 1;
  else if (key === 'Home') next = 0;
  else if (key === 'End') next = items.length - 1;
  else return false;
  items[next]?.focus();
  return true;
}

/** Where focus goes when an overlay closes with no opener left to return to: the page's heading. */
function focusPageStart(root: Document): void {
  const main = root.getElementById('main');
  if (main) focusMainHeading(main);
}

export function installOverlayFocus(root: Document = document): () => void {
  let lastOutside: HTMLElement | null = null;
  const openers = new WeakMap<HTMLElement, HTMLElement | null>();

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (isElement(target) && !insideOverlay(target) && target !== root.body) lastOutside = target;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target;
    if (!isElement(target)) return;
    const menu = target.closest<HTMLElement>('[role="menu"]');
    if (menu && moveInMenu(menu, event.key, target)) event.preventDefault();
  };

  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const overlay of overlaysIn(mutation.addedNodes)) {
        const active = root.activeElement;
        openers.set(overlay, isElement(active) && active !== root.body && !insideOverlay(active) ? active : lastOutside);
        if (overlay.matches(PANEL)) requestAnimationFrame(() => focusInto(overlay));
      }
      for (const overlay of overlaysIn(mutation.removedNodes)) {
        const opener = openers.get(overlay) ?? lastOutside;
        const active = root.activeElement;
        const lost = !active || active === root.body || !active.isConnected;
        if (!lost) continue;
        if (opener?.isConnected) opener.focus();
        else focusPageStart(root);
      }
    }
  });
  observer.observe(root.body, { childList: true });
  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('keydown', onKeyDown);
  return () => {
    observer.disconnect();
    root.removeEventListener('focusin', onFocusIn);
    root.removeEventListener('keydown', onKeyDown);
  };
}
