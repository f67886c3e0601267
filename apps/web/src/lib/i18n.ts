import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGS, type Lang } from '@cab/contract/constants';
import { STORAGE_KEYS } from '@cab/contract/storage';
import { numberInterpolation } from './number-interpolation';
import type { TextPart } from './text-parts';

type Texts = Promise<{ default: Record<string, unknown> }>;

/**
 * Only the active language is downloaded, the other one when the user switches; and of it, first
 * the sign-in route's texts, the rest on the way to any other route (lib/text-parts.ts).
 */
const loaders: Record<Lang, Record<TextPart, () => Texts>> = {
  ru: { login: () => import('virtual:texts/ru-login'), rest: () => import('virtual:texts/ru-rest') },
  en: { login: () => import('virtual:texts/en-login'), rest: () => import('virtual:texts/en-rest') },
};

/** The parts wanted in every language the user picks: 'rest' joins once a route needs it. */
const wantedParts = new Set<TextPart>(['login']);
/** Each part of each language, loading or loaded. */
const loading = new Map<string, Promise<void>>();

function loadPart(lang: Lang, part: TextPart): Promise<void> {
  const key = `${lang}/${part}`;
  let done = loading.get(key);
  if (!done) {
    done = loaders[lang][part]().then(({ default: texts }) => {
      i18next.addResourceBundle(lang, 'translation', texts, true, true);
    });
    // A failed download may be tried again (the next navigation).
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

async function ensureResources(lang: Lang): Promise<void> {
  await Promise.all([...wantedParts].map((part) => loadPart(lang, part)));
}

/** Every text of the current language: awaited by every route but the sign-in one, before it draws. */
export async function loadAllTexts(): Promise<void> {
  wantedParts.add('rest');
  await ensureResources(currentLang());
}

/** The sign-in page alone needs only its own texts. */
const LOGIN_PATH = /^\/login\/?$/;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function readStoredLang(): Lang {
  const stored = localStorage.getItem(STORAGE_KEYS.lang);
  return isLang(stored) ? stored : DEFAULT_LANG;
}

export function currentLang(): Lang {
  return isLang(i18next.language) ? i18next.language : readStoredLang();
}

/** Stores the choice and switches i18next; callers re-send it over the socket and refetch. */
export async function changeLang(lang: Lang): Promise<void> {
  await ensureResources(lang);
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

export async function initI18n(): Promise<void> {
  const lang = readStoredLang();
  if (!localStorage.getItem(STORAGE_KEYS.lang)) localStorage.setItem(STORAGE_KEYS.lang, lang);
  document.documentElement.lang = lang;
  if (!LOGIN_PATH.test(window.location.pathname)) wantedParts.add('rest');
  await i18next.use(initReactI18next).use(numberInterpolation).init({
    resources: {},
    lng: lang,
    // Both files hold the same keys, so no fallback download is needed.
    fallbackLng: false,
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });
  await ensureResources(lang);
}

export { i18next };
