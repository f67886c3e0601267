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
});
