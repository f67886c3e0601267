import { describe, expect, it } from 'vitest';
import type { FaqEntry } from '@cab/contract/content';
import { plainText, searchFaq } from './faq-search';

const entries: FaqEntry[] = [
  { id: 'webhooks', group: 'api', position: 0, question: 'How do I receive webhook notifications?', answer: '<p>Verify <code>X-Cabinet-Signature</code> with HMAC-SHA256.</p>' },
  { id: 'msu', group: 'msu', position: 0, question: 'What is MSU?', answer: '<p>A monthly <strong>spend</strong> cap.</p>' },
  { id: 'block-types', group: 'blocks', position: 0, question: 'Какие бывают блокировки?', answer: '<p>Финансовая, MSU, добровольная.</p>' },
];

describe('FAQ search', () => {
  it('finds by question, by the answer’s text and by id, ignoring case', () => {
    expect(searchFaq(entries, 'WEBHOOK').map((e) => e.id)).toEqual(['webhooks']);
    expect(searchFaq(entries, 'hmac-sha256').map((e) => e.id)).toEqual(['webhooks']);
    expect(searchFaq(entries, 'msu').map((e) => e.id)).toEqual(['msu', 'block-types']);
    expect(searchFaq(entries, 'финансовая').map((e) => e.id)).toEqual(['block-types']);
  });

  it('needs every word, and an empty query keeps everything', () => {
    expect(searchFaq(entries, 'monthly cap').map((e) => e.id)).toEqual(['msu']);
    expect(searchFaq(entries, 'monthly webhook')).toEqual([]);
    expect(searchFaq(entries, '   ')).toEqual(entries);
  });

  it('does not match markup: tag names are not words of the answer', () => {
    expect(searchFaq(entries, 'strong')).toEqual([]);
    expect(searchFaq(entries, 'code')).toEqual([]);
    expect(plainText('<p>a <b>b</b></p>')).toBe('a b');
  });
});
