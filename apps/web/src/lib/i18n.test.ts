import { STORAGE_KEYS } from '@cab/contract/storage';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { changeLang, i18next, initI18n, loadAllTexts } from './i18n';
import { LOGIN_TEXT_KEYS } from './text-parts';

/** The dotted path of the first text under a top-level key of a locale file. */
function firstTextOf(texts: Record<string, unknown>, key: string): string {
  let path = key;
  let value = texts[key];
  while (value && typeof value === 'object') {
    const [next, inner] = Object.entries(value)[0] ?? [];
    path = `${path}.${next}`;
    value = inner;
  }
  return path;
}

const keysOf = (texts: Record<string, unknown>) => Object.keys(texts);
const loaded = (lang: 'ru' | 'en', keys: string[]) => keys.filter((key) => i18next.exists(firstTextOf(ru, key), { lng: lang }));

describe('the texts in two parts (text-parts.ts)', () => {
  it('names only keys both languages have', () => {
    for (const key of LOGIN_TEXT_KEYS) {
      expect(keysOf(ru)).toContain(key);
      expect(keysOf(en)).toContain(key);
    }
  });

  it('the sign-in route starts with its own texts alone; any other route brings the rest, in a language switched to afterwards too', async () => {
    const all = keysOf(ru);
    const rest = all.filter((key) => !LOGIN_TEXT_KEYS.includes(key));
    window.history.pushState({}, '', '/login');
    localStorage.setItem(STORAGE_KEYS.lang, 'ru');
    await initI18n();
    expect(loaded('ru', all)).toEqual(all.filter((key) => LOGIN_TEXT_KEYS.includes(key)));
    expect(i18next.t(firstTextOf(ru, 'auth'))).not.toBe(firstTextOf(ru, 'auth'));

    await loadAllTexts();
    expect(loaded('ru', rest)).toEqual(rest);

    await changeLang('en');
    expect(loaded('en', all)).toEqual(all);
    window.history.pushState({}, '', '/');
  });
});
