import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGS, type Lang } from '@cab/contract/constants';
import { STORAGE_KEYS } from '@cab/contract/storage';
import ru from '../locales/ru.json';
import en from '../locales/en.json';

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
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

export async function initI18n(): Promise<void> {
  const lang = readStoredLang();
  if (!localStorage.getItem(STORAGE_KEYS.lang)) localStorage.setItem(STORAGE_KEYS.lang, lang);
  document.documentElement.lang = lang;
  await i18next.use(initReactI18next).init({
    resources: { ru: { translation: ru }, en: { translation: en } },
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export { i18next };
