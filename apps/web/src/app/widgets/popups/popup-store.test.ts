import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPopupStore, toPopupSeverity } from './popup-store';

describe('popup store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps at most 2 popups, newest first, a third evicting the oldest', () => {
    const store = createPopupStore();
    store.add({ type: 'success', text: 'one' });
    store.add({ type: 'error', text: 'two' });
    store.add({ type: 'info', text: 'three' });
    expect(store.getItems().map((item) => item.text)).toEqual(['three', 'two']);
  });

  it('removes each popup 15 s after it appeared', () => {
    const store = createPopupStore();
    store.add({ type: 'success', text: 'one' });
    vi.advanceTimersByTime(5000);
    store.add({ type: 'success', text: 'two' });
    vi.advanceTimersByTime(9999);
    expect(store.getItems()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(store.getItems().map((item) => item.text)).toEqual(['two']);
    vi.advanceTimersByTime(5000);
    expect(store.getItems()).toEqual([]);
  });

  it('maps warning to warn', () => {
    expect(toPopupSeverity('warning')).toBe('warn');
    expect(toPopupSeverity('success')).toBe('success');
  });

  it("an operation's result takes the place of its queued notice, with a fresh 15 s", () => {
    const store = createPopupStore();
    store.add({ type: 'error', text: 'older' });
    store.addQueued({ qid: 7, texts: [{ key: 'ops.queued', values: { count: '60' } }] });
    expect(store.getItems().map((item) => item.operation ?? item.text)).toEqual([7, 'older']);
    vi.advanceTimersByTime(10_000);
    store.add({ type: 'success', text: 'Block finished: 60 succeeded', link: '/operations/7' });
    // One message for the action, where the notice was; the other popup stays.
    expect(store.getItems().map((item) => item.text)).toEqual(['Block finished: 60 succeeded', 'older']);
    expect(store.getItems()[0]?.link).toBe('/operations/7');
    vi.advanceTimersByTime(14_999);
    expect(store.getItems()).toHaveLength(1);
    expect(store.getItems()[0]?.text).toBe('Block finished: 60 succeeded');
  });

  it('a result that came before its queued notice is not followed by the notice', () => {
    const store = createPopupStore();
    store.add({ type: 'success', text: 'Ping finished', link: '/operations/9' });
    store.addQueued({ qid: 9, texts: ['queued'] });
    expect(store.getItems().map((item) => item.text)).toEqual(['Ping finished']);
    // Another operation's notice still shows.
    store.addQueued({ qid: 10, texts: ['queued'] });
    expect(store.getItems()[0]?.operation).toBe(10);
  });
});
