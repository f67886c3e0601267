import { addLocale, locale } from 'primereact/api';
import { i18next } from '@/lib/i18n';

const registered = new Set<string>();
let active = 'en';

/**
 * PrimeReact's built-in labels (paginator, row checkboxes, dialog ×, calendar, dropdown messages) from
 * the `prime` block of the active i18n resources, so the Russian UI has no English aria labels.
 * Called during render: idempotent, and the language's bundle is loaded before i18next switches.
 */
export function applyPrimeLocale(lang: string): string {
  if (!registered.has(lang)) {
    const bundle = i18next.getResourceBundle(lang, 'translation') as { prime?: Record<string, unknown> } | undefined;
    if (!bundle?.prime) return active;
    addLocale(lang, bundle.prime);
    registered.add(lang);
  }
  if (active !== lang) {
    locale(lang);
    active = lang;
  }
  return lang;
}
