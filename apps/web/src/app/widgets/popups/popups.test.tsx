import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import ru from '../../../locales/ru.json';
import { createPopupStore } from './popup-store';
import { Popups } from './popups';

describe('<Popups>', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'ru', resources: { ru: { translation: ru } } });
  });
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the spec labels, two at most, and hides them after 15 s', () => {
    const store = createPopupStore();
    render(<Popups store={store} />);
    act(() => {
      store.add({ type: 'success', text: 'SIM blocked' });
      store.add({ type: 'warn', text: 'Limit reached' });
      store.add({ type: 'error', text: 'Failed' });
    });
    const popups = screen.getAllByTestId('popup');
    expect(popups.map((popup) => popup.textContent)).toEqual(['ОшибкаFailed', 'ОшибкаLimit reached']);
    act(() => {
      store.add({ type: 'success', text: 'Done' });
    });
    expect(screen.getAllByTestId('popup')[0]?.textContent).toBe('УспешноDone');
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(screen.queryAllByTestId('popup')).toHaveLength(0);
  });
});
