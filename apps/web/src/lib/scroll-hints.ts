/*
 * Wide tables scroll sideways inside their card (responsive.css), and at 390 px nothing on screen said
 * there was more. Every such scroll region is marked here with the sides that still have content
 * (`data-scroll-more="right"`, `"left"`, `"left right"`), so one CSS rule draws a fade at that edge and
 * drops it at the end. A region that overflows also becomes a keyboard stop named by its card's heading
 * plus "scrolls sideways" (axe: scrollable-region-focusable); one that fits is no extra tab stop.
 * Installed once at the root, like overlay-focus, so tables and dialogs added later get it too.
 */

/** PrimeReact tables' scroller, and any other element that opts in. */
export const SCROLL_REGION = '.p-datatable-wrapper, [data-scroll-region]';
/** A hidden element (rendered by the shell, translated) whose text ends every region's name. */
export const SCROLL_HINT_ID = 'scroll-region-hint';
const HEADING = 'h1, h2, h3, [data-scroll-label]';

/** Which sides of `region` hide content; empty when it fits. */
export function hiddenSides(region: Pick<Element, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>): string[] {
  const hidden = region.scrollWidth - region.clientWidth;
  // Sub-pixel widths leave a pixel or two of "overflow" on tables that fit.
  if (hidden <= 2) return [];
  const sides: string[] = [];
  if (region.scrollLeft > 2) sides.push('left');
  if (region.scrollLeft < hidden - 2) sides.push('right');
  return sides;
}

let headingIds = 0;

/** The heading that names the table: its card's (section, dialog) or else the page's title. */
function labelFor(region: HTMLElement): HTMLElement | null {
  const labelled = region.closest('[aria-labelledby]')?.getAttribute('aria-labelledby')?.split(' ')[0];
  const byId = labelled ? document.getElementById(labelled) : null;
  if (byId) return byId;
  for (let box = region.parentElement; box; box = box.parentElement) {
    const heading = box.querySelector<HTMLElement>(HEADING);
    if (heading && !heading.closest(SCROLL_REGION)) return heading;
    if (box.matches('.p-dialog, main')) break;
  }
  return null;
}

function markOverflowing(region: HTMLElement, overflowing: boolean): void {
  if (!overflowing) {
    if (region.dataset.scrollRegionOwned) {
      region.removeAttribute('tabindex');
      region.removeAttribute('role');
      region.removeAttribute('aria-labelledby');
      delete region.dataset.scrollRegionOwned;
    }
    return;
  }
  if (region.dataset.scrollRegionOwned) return;
  region.dataset.scrollRegionOwned = '1';
  region.tabIndex = 0;
  region.setAttribute('role', 'region');
  const heading = labelFor(region);
  if (heading && !heading.id) heading.id = `scroll-label-${++headingIds}`;
  region.setAttribute('aria-labelledby', heading ? `${heading.id} ${SCROLL_HINT_ID}` : SCROLL_HINT_ID);
}

function update(region: HTMLElement): void {
  const sides = hiddenSides(region);
  markOverflowing(region, sides.length > 0);
  const value = sides.join(' ');
  if ((region.dataset.scrollMore ?? '') === value) return;
  if (value) region.dataset.scrollMore = value;
  else delete region.dataset.scrollMore;
}

export function installScrollHints(root: HTMLElement = document.body): () => void {
  const tracked = new Set<HTMLElement>();
  const onScroll = (event: Event) => update(event.currentTarget as HTMLElement);
  // The region keeps its size while rows arrive, so the content (its table) is watched too.
  const resizes = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const region = entry.target.matches(SCROLL_REGION) ? entry.target : entry.target.parentElement;
      if (region instanceof HTMLElement && tracked.has(region)) update(region);
    }
  });
  const track = (region: HTMLElement) => {
    if (tracked.has(region)) return;
    tracked.add(region);
    region.addEventListener('scroll', onScroll, { passive: true });
    resizes.observe(region);
    if (region.firstElementChild) resizes.observe(region.firstElementChild);
    // No measuring here, inside the render's mutation callback: that would force a layout the
    // browser is about to do anyway. The observer reports every region once it has a size.
  };
  const untrack = (region: HTMLElement) => {
    if (!tracked.delete(region)) return;
    region.removeEventListener('scroll', onScroll);
    resizes.unobserve(region);
    if (region.firstElementChild) resizes.unobserve(region.firstElementChild);
  };
  const regionsIn = (node: Node): HTMLElement[] => {
    if (!(node instanceof HTMLElement)) return [];
    const inside = Array.from(node.querySelectorAll<HTMLElement>(SCROLL_REGION));
    return node.matches(SCROLL_REGION) ? [node, ...inside] : inside;
  };
  const mutations = new MutationObserver((records) => {
    for (const record of records) {
      record.removedNodes.forEach((node) => regionsIn(node).forEach(untrack));
      record.addedNodes.forEach((node) => regionsIn(node).forEach(track));
    }
  });
  mutations.observe(root, { childList: true, subtree: true });
  regionsIn(root).forEach(track);
  return () => {
    mutations.disconnect();
    resizes.disconnect();
    [...tracked].forEach(untrack);
  };
}
