import { describe, expect, it } from 'vitest';
import { indexPattern } from './search-term.js';

/** SQL LIKE with backslash escapes, as PostgreSQL reads the pattern. */
function like(text: string, pattern: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? '';
    if (char === '\\') source += (pattern[++i] ?? '').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'su').test(text);
}

describe('indexPattern: what the trigram index is asked for a search term', () => {
  it('asks for a number with its separators and three letters of each word; one word, or no number after a separator, whole', () => {
    expect(indexPattern('sensor 886')).toBe('%sen% 886%');
    expect(indexPattern('meter 0042')).toBe('%met% 0042%');
    expect(indexPattern('sensor 886 12')).toBe('%sen% 886 12%');
    expect(indexPattern('датчик 12')).toBe('%дат% 12%');
    expect(indexPattern('sensor-886')).toBe('%sen%-886%');
    // LIKE metacharacters as separators are escaped.
    expect(indexPattern('x_1%')).toBe('%\\_1\\%%');
    for (const whole of ['0529', 'sensor', '886 sensor', 'tracker', 'ab cd', 'sensor886', '😀1 sen']) expect(indexPattern(whole), whole).toBeNull();
  });

  it('matches every text that holds the term (so no SIM is lost), over 20,000 generated terms and texts', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const alphabet = ['a', 'b', 's', 'е', 'ж', '1', '2', '0', '9', ' ', ' ', '-', '_', '%', '\\', '.', '😀'];
    const pick = (length: number) => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
    let asked = 0;
    for (let i = 0; i < 20_000; i++) {
      const term = pick(1 + random(10));
      const text = `${pick(random(8))}${term}${pick(random(8))}`;
      const pattern = indexPattern(term);
      if (pattern === null) continue;
      asked++;
      expect(like(text, pattern), `${JSON.stringify(term)} in ${JSON.stringify(text)} by ${pattern}`).toBe(true);
    }
    // The generator reaches the shortened patterns, not only the terms asked whole.
    expect(asked).toBeGreaterThan(2_000);
  });
});
