import { afterEach, describe, expect, it } from 'vitest';
import { installOverlayFocus, moveInMenu } from './overlay-focus';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('menu keys', () => {
  it('moves with arrows, wraps around, jumps with Home and End, skips disabled items', () => {
    document.body.innerHTML = `<ul role="menu">
      <li><button role="menuitem" id="a">A</button></li>
      <li><button role="menuitem" id="b" disabled>B</button></li>
      <li><button role="menuitem" id="c">C</button></li>
    </ul>`;
    const menu = document.querySelector<HTMLElement>('[role="menu"]')!;
    const a = document.getElementById('a')!;
    const c = document.getElementById('c')!;
    expect(moveInMenu(menu, 'ArrowDown', a)).toBe(true);
    expect(document.activeElement).toBe(c);
    moveInMenu(menu, 'ArrowDown', c);
    expect(document.activeElement).toBe(a);
    moveInMenu(menu, 'ArrowUp', a);
    expect(document.activeElement).toBe(c);
    moveInMenu(menu, 'Home', c);
    expect(document.activeElement).toBe(a);
    moveInMenu(menu, 'End', a);
    expect(document.activeElement).toBe(c);
    expect(moveInMenu(menu, 'x', c)).toBe(false);
  });
});

describe('focus return', () => {
  let uninstall: (() => void) | null = null;
  afterEach(() => {
    uninstall?.();
    document.body.innerHTML = '';
  });

  it('gives focus back to the opener when a dialog closes and focus fell to the body', async () => {
    document.body.innerHTML = '<button id="opener">Open</button>';
    uninstall = installOverlayFocus();
    const opener = document.getElementById('opener')!;
    opener.focus();
    const mask = document.createElement('div');
    mask.className = 'p-dialog-mask';
    mask.innerHTML = '<div class="p-dialog"><button id="inside">OK</button></div>';
    document.body.appendChild(mask);
    await flush();
    document.getElementById('inside')!.focus();
    mask.remove();
    await flush();
    expect(document.activeElement).toBe(opener);
  });

  it('hands focus to the page heading when an overlay that opened by itself closes', async () => {
    document.body.innerHTML = '<main id="main"><h1>Home</h1></main>';
    uninstall = installOverlayFocus();
    const drawer = document.createElement('div');
    drawer.className = 'p-sidebar-mask';
    drawer.innerHTML = '<div class="p-sidebar"><button id="close">Close</button></div>';
    document.body.appendChild(drawer);
    await flush();
    document.getElementById('close')!.focus();
    drawer.remove();
    await flush();
    expect(document.activeElement).toBe(document.querySelector('h1'));
    expect(document.querySelector('h1')!.getAttribute('tabindex')).toBe('-1');
  });

  it('moves focus to the first item of a menu panel that opens', async () => {
    document.body.innerHTML = '<button id="opener">Menu</button>';
    uninstall = installOverlayFocus();
    document.getElementById('opener')!.focus();
    const panel = document.createElement('div');
    panel.className = 'p-overlaypanel';
    panel.innerHTML = '<ul role="menu"><li><a role="menuitem" href="/profile" id="first">Profile</a></li></ul>';
    document.body.appendChild(panel);
    await flush();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement?.id).toBe('first');
  });
});
