import type { FaqEntry } from '@cab/contract/content';

/** The words of an answer without its markup, for searching. */
export function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** Entries whose question or answer holds every word of the query (case-insensitive). */
export function searchFaq(entries: FaqEntry[], query: string, textOf: (html: string) => string = plainText): FaqEntry[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const haystack = `${entry.question} ${textOf(entry.answer)} ${entry.id}`.toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
