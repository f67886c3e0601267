/*
 * The top toast groups (spec §2: top-right, top-center, where the server's popups also go) sit under
 * the page's title row, so they never cover the header's controls or the title. When a toast shows,
 * `--toast-top` is set to the bottom of that row where it stands with the page at its top (the
 * header's bottom at least): measured in page coordinates, so scrolling back up never brings the
 * title under a toast. Phones put toasts at the bottom instead (toasts.css).
 */
const GAP_PX = 8;

function titleRowBottom(title: Element): number {
  const row = title.parentElement;
  // A page head that puts buttons beside the title (orders, groups) is as tall as its tallest button.
  const style = row ? getComputedStyle(row) : null;
  const besideTitle = style?.display === 'flex' && !style.flexDirection.startsWith('column');
  return (besideTitle && row ? row : title).getBoundingClientRect().bottom;
}

export function placeToastsBelowTitle(doc: Document = document): void {
  const view = doc.defaultView;
  const header = doc.querySelector('.app-header');
  const title = doc.querySelector('main .page-title, .page-title');
  let top = header ? header.getBoundingClientRect().bottom : 0;
  if (title) top = Math.max(top, titleRowBottom(title) + (view?.scrollY ?? 0));
  doc.documentElement.style.setProperty('--toast-top', `${Math.ceil(top + GAP_PX)}px`);
}
