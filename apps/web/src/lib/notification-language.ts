import type { Notification } from '@cab/contract/notify';

/**
 * A notification in the language the reader reads in now: the server keeps every language's text
 * (`texts`), so a switch ru → en rewrites the bell, the list and the popups without a refetch. Rows
 * written before that carry only `text`, shown as it is.
 */
export function notificationTextIn(item: Pick<Notification, 'text' | 'texts'>, lang: string): string {
  if (lang === 'ru' || lang === 'en') return item.texts?.[lang] ?? item.text;
  return item.text;
}
