/**
 * PrimeReact's TabView calls `scrollIntoView({ block: 'nearest' })` on its active tab when it mounts,
 * which scrolls the whole page down to a tab strip below the fold (a SIM page opened ~108 px down).
 * Tab headers only need their strip scrolled sideways: that is all this does for them; every other
 * element scrolls as before. Installed once at the root so every page's tabs behave.
 */
export function installTabScrollGuard(): void {
  const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView')?.value as
    | ((this: Element, arg?: boolean | ScrollIntoViewOptions) => void)
    | undefined;
  if (!original) return;
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element, arg?: boolean | ScrollIntoViewOptions) {
    const strip = this.closest('.p-tabview-nav-content');
    if (!(strip instanceof HTMLElement)) {
      original.call(this, arg);
      return;
    }
    const tab = this.getBoundingClientRect();
    const box = strip.getBoundingClientRect();
    if (tab.left < box.left) strip.scrollLeft -= box.left - tab.left;
    else if (tab.right > box.right) strip.scrollLeft += tab.right - box.right;
  };
}
