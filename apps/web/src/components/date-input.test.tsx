import { beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyPrimeLocale } from '@/app/prime-locale';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { DateInput } from './date-input';

function Picker({ lang }: { lang: string }) {
  // The shell does this on every render (ShellProviders).
  applyPrimeLocale(lang);
  return <DateInput inputId="day" value="2024-06-01" onChange={() => undefined} />;
}

describe('<DateInput>', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'ru', resources: { ru: { translation: ru }, en: { translation: en } } });
  });

  it('writes the day en-GB (spec §9) in both languages, also after a language switch', async () => {
    const { rerender } = render(<Picker lang="ru" />);
    expect(screen.getByRole<HTMLInputElement>('combobox').value).toBe('01/06/2024');
    await act(() => i18next.changeLanguage('en'));
    rerender(<Picker lang="en" />);
    expect(screen.getByRole<HTMLInputElement>('combobox').value).toBe('01/06/2024');
  });
});
