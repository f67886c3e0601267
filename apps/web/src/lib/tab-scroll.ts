/*
 * Tab strips on a narrow screen are wider than the screen and scroll sideways. Two things go wrong
 * with PrimeReact's TabView there, for every page's tabs, so both are fixed here once at the root:
 * - it calls `scrollIntoView({ block: 'nearest' })` on the active tab when it mounts, which scrolls the
 *   whole page down to a tab strip below the fold (a SIM page opened ~108 px down). A tab header only
 *   needs its strip scrolled sideways; every other element scrolls as before;
 * - that call comes before the strip has its final width (labels and icons still arriving) and it
 *   ignores the strip's scroll padding, so the active tab (e.g. /tools?tab=faq at 390 px) stayed past
 *   the edge or under the strip's "next" arrow. The active tab is brought into view again whenever it
 *   changes, a tab strip appears or the window is resized.
 */

const STRIP = '.p-tabview-nav-content';
const ACTIVE_TAB = `${STRIP} li.p-highlight`;

/** Scrolls `tab`'s strip (not the page) so the whole tab shows, clear of the strip's arrow buttons. */
export function revealTab(tab: Element): boolean {
  const strip = tab.closest(STRIP);
  if (!(strip instanceof HTMLElement)) return false;
  const style = getComputedStyle(strip);
  const padStart = parseFloat(style.scrollPaddingInlineStart) || 0;
  const padEnd = parseFloat(style.scrollPaddingInlineEnd) || 0;
  const box = strip.getBoundingClientRect();
  const rect = tab.getBoundingClientRect();
  const left = box.left + padStart;
  const right = box.right - padEnd;
  if (rect.left < left) strip.scrollLeft -= left - rect.left;
  else if (rect.right > right) strip.scrollLeft += Math.min(rect.right - right, rect.left - left);
  return true;
}

function revealActiveTabs(root: ParentNode): void {
  root.querySelectorAll(ACTIVE_TAB).forEach((tab) => revealTab(tab));
}

export function installTabScrollGuard(root: HTMLElement = document.body): () => void {
  const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView')?.value as
    | ((this: Element, arg?: boolean | ScrollIntoViewOptions) => void)
    | undefined;
  if (!original) return () => undefined;
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element, arg?: boolean | ScrollIntoViewOptions) {
    if (!revealTab(this)) original.call(this, arg);
  };

  // One pass per frame, after React and PrimeReact have laid the strip out.
  let pending = 0;
  const schedule = () => {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      revealActiveTabs(root);
    });
  };
  const mutations = new MutationObserver((records) => {
    const touchesTabs = records.some((record) =>
      record.type === 'attributes'
        ? record.target instanceof Element && record.target.matches(ACTIVE_TAB)
        : (record.target instanceof Element && record.target.closest(STRIP) !== null) ||
          Array.from(record.addedNodes).some((node) => node instanceof Element && (node.matches(STRIP) || node.querySelector(STRIP) !== null)),
    );
    if (touchesTabs) schedule();
  });
  mutations.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  window.addEventListener('resize', schedule);
  // Tab labels change width when the icon font or another language arrives.
  void document.fonts?.ready.then(schedule);
  return () => {
    Element.prototype.scrollIntoView = original;
    mutations.disconnect();
    window.removeEventListener('resize', schedule);
    cancelAnimationFrame(pending);
  };
}
