import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NotificationText } from '@/components/notification-text';
import { showToast } from '@/lib/toast-bus';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { createPopupStore } from './popups/popup-store';
import { Popups } from './popups/popups';
import { ToastHost } from './toast-host';

/* Notifications, popups and toasts are read in the language the reader has now, not the one they had when they came. */

const texts = { ru: 'Отчёт готов', en: 'The report is ready' };

async function switchTo(lang: string) {
  await act(() => i18next.changeLanguage(lang));
}

describe('texts follow a language switch', () => {
  beforeEach(async () => {
    await i18next.use(initReactI18next).init({ lng: 'ru', resources: { ru: { translation: ru }, en: { translation: en } } });
  });

  it('rewrites a popup notification', async () => {
    const store = createPopupStore();
    render(<Popups store={store} />);
    act(() => store.add({ type: 'success', text: texts.ru, texts }));
    expect(screen.getByTestId('popup').textContent).toBe('УспешноОтчёт готов');
    await switchTo('en');
    expect(screen.getByTestId('popup').textContent).toBe('SuccessThe report is ready');
  });

  it('rewrites a notification of the bell and the list; an old one-language row still shows', async () => {
    render(
      <MemoryRouter>
        <NotificationText item={{ id: 1, type: 'info', added: 0, readed: false, text: texts.ru, texts }} />
        <NotificationText item={{ id: 2, type: 'info', added: 0, readed: false, text: 'Старое уведомление', texts: null }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Отчёт готов')).toBeTruthy();
    await switchTo('en');
    expect(screen.getByText('The report is ready')).toBeTruthy();
    expect(screen.queryByText('Отчёт готов')).toBeNull();
    expect(screen.getByText('Старое уведомление')).toBeTruthy();
  });

  it('rewrites a toast that is still up', async () => {
    render(<ToastHost />);
    act(() => showToast({ severity: 'error', summary: { key: 'common.error' }, detail: { key: 'common.unexpectedError' }, life: 60_000 }));
    expect(await screen.findByText('Непредвиденная ошибка, попробуйте позже')).toBeTruthy();
    await switchTo('en');
    expect(screen.getByText('Unexpected error, please try again later')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });
});
