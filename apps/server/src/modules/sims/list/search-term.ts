import { sql, type SQL } from 'drizzle-orm';

/** LIKE metacharacters in user input match themselves. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * "The search text of `sims s` holds `term`" (a lowercase substring of ICCID, number, name or
 * external id), asking the trigram index (migration 0003) for as little as finds the candidates.
 * A term of one word is asked whole. A term of words with a number in it ("sensor 886") asks the
 * index for the number with the separators around it and the first three letters of each word
 * ("%sen% 886%", indexPattern), and checks every candidate for the whole term with strpos, which the
 * index does not serve. The answer is the same; the index work is not: a word's trigrams almost
 * always come together ("sen", "ens", "nso", "sor"), so asking for all of them finds the same
 * candidates while GIN steps through every one of those posting trees, each a third of a tenant's
 * SIMs long, for each candidate the number brings (at 1M SIMs "sensor 886" read 925 index pages, 438
 * with the shorter pattern; README, "searches per second"). One pattern, not a LIKE per piece: the
 * planner tries each LIKE on the column's 1,000-entry histogram (migration 0046).
 */
export function searchTextHolds(term: string): SQL {
  const pattern = indexPattern(term);
  if (pattern === null) return sql`s.search_text like ${`%${likeEscape(term)}%`}`;
  return sql`s.search_text like ${pattern} and strpos(s.search_text, ${term}) > 0`;
}

/** A separator is kept as one character of the term, never half of a surrogate pair. */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The LIKE pattern the index is asked for, or null to ask for the term whole: null unless the term
 * has several words, one of them a number after a separator (" 886": the trigrams of its start,
 * " 88", make it rare; a number without them matches all over the ICCIDs). The pattern is the term
 * with what it drops (the rest of each word after three letters, numbers of fewer than three digits
 * without a separator before them) replaced by %, so a SIM holding the term matches it, and every
 * part left yields a trigram.
 */
export function indexPattern(term: string): string | null {
  const words = [...term.matchAll(/[\p{L}\p{N}]+/gu)];
  if (words.length < 2) return null;
  const kept = new Array<boolean>(term.length).fill(false);
  const keep = (from: number, to: number) => kept.fill(true, from, to);
  let anchoredNumber = false;
  for (const word of words) {
    const [text] = word;
    const start = word.index;
    const end = start + text.length;
    if (/^\p{N}+$/u.test(text)) {
      const before = start > 0 && !SURROGATE.test(term[start - 1] ?? '') ? 1 : 0;
      const after = end < term.length && !SURROGATE.test(term[end] ?? '') ? 1 : 0;
      anchoredNumber ||= before === 1;
      if (before === 1 || text.length >= 3) keep(start - before, end + after);
    } else {
      const letters = [...text];
      if (letters.length >= 3) keep(start, start + letters.slice(0, 3).join('').length);
    }
  }
  if (!anchoredNumber) return null;
  let pattern = '%';
  let endsOpen = true;
  for (let i = 0; i < term.length; i++) {
    if (kept[i]) {
      pattern += likeEscape(term[i] ?? '');
      endsOpen = false;
    } else if (!endsOpen) {
      pattern += '%';
      endsOpen = true;
    }
  }
  return endsOpen ? pattern : `${pattern}%`;
}
