import { afterEach, describe, expect, it } from 'vitest';
import { focusPageHeading } from './route-focus';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function page(html: string): HTMLElement {
  document.body.innerHTML = `<nav><a href="/list" id="menu-link">SIM</a></nav><main id="main" tabindex="-1">${html}</main>`;
  return document.getElementById('main')!;
}

describe('focus after a route change', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('moves focus from the menu link that was followed to the new page heading', () => {
    const main = page('<h1>SIM cards</h1>');
    document.getElementById('menu-link')!.focus();
    focusPageHeading(main);
    expect(document.activeElement?.textContent).toBe('SIM cards');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a heading drawn later, then focuses it', async () => {
    const main = page('<div class="p-skeleton"></div>');
    focusPageHeading(main);
    expect(document.activeElement).toBe(document.body);
    main.innerHTML = '<h1>Bills</h1>';
    await flush();
    expect(document.activeElement?.textContent).toBe('Bills');
  });

  it('focuses the main region when no heading comes in time', async () => {
    const main = page('<p>no heading</p>');
    focusPageHeading(main, 10);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(document.activeElement).toBe(main);
  });

  it('leaves focus in a field the new page focused, and where the user moved it meanwhile', async () => {
    const withField = page('<h1>Sign in</h1><input id="email">');
    document.getElementById('email')!.focus();
    focusPageHeading(withField);
    expect(document.activeElement?.id).toBe('email');

    const later = page('<p>loading</p><button id="other">Other</button>');
    focusPageHeading(later);
    document.getElementById('other')!.focus();
    later.insertAdjacentHTML('afterbegin', '<h1>Orders</h1>');
    await flush();
    expect(document.activeElement?.id).toBe('other');
  });
});
