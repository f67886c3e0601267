import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGS, type Lang } from '@cab/contract/constants';
import { STORAGE_KEYS } from '@cab/contract/storage';
import { numberInterpolation } from './number-interpolation';

/** Only the active language is downloaded; the other one comes when the user switches. */
const loaders: Record<Lang, () => Promise<{ default: Record<string, unknown> }>> = {
  ru: () => import('../locales/ru.json'),
  en: () => import('../locales/en.json'),
};

async function ensureResources(lang: Lang): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const { default: resources } = await loaders[lang]();
  i18next.addResourceBundle(lang, 'translation', resources);
}

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
  const { default: resources } = await loaders[lang]();
  await i18next.use(initReactI18next).use(numberInterpolation).init({
    resources: { [lang]: { translation: resources } },
    lng: lang,
    // Both files hold the same keys, so no fallback download is needed.
    fallbackLng: false,
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });
}

export { i18next };
