import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import { QuickSearch } from './quick-search';

describe('the header quick search', () => {
  beforeEach(async () => {
    await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
  });

  it('keeps the panel open when the box is focused and typed in again right after a blur', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })}>
        <MemoryRouter>
          <QuickSearch />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const input = screen.getByTestId('quick-search-input');
    // The page moves focus away (a navigation), and the user is back in the box before the blur's close.
    fireEvent.blur(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Tracker 01' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.getByTestId('quick-search-panel')).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });
});
