import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { RegisterStatus } from '@cab/contract/registration';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import { PhoneStep } from './phone-step';

const status: RegisterStatus = {
  email: 'new@example.com',
  country: 'DE',
  company_type: null,
  unique_id: '123',
  client_name: 'Acme',
  firstName: 'Anna',
  lastName: 'Berg',
  phone: null,
  phone_confirmed: false,
  registration_complete: false,
};

function renderStep() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PhoneStep status={status} onNext={() => undefined} onBack={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('<PhoneStep>', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'ru', resources: { ru: { translation: ru }, en: { translation: en } } });
  });

  it.each([
    ['ru', 'Мы позвоним', 'Позвонить на мой номер', 'Вы позвоните', 'Показать номер для звонка'],
    ['en', 'We call you', 'Call my number', 'You call us', 'Show the number to call'],
  ])('in %s the button says what the chosen confirmation does', async (lang, outgoing, outgoingButton, incoming, incomingButton) => {
    await act(() => i18next.changeLanguage(lang));
    renderStep();
    expect(screen.getByTestId('register-next').textContent).toBe(outgoingButton);
    fireEvent.click(screen.getByText(incoming));
    expect(screen.getByTestId('register-next').textContent).toBe(incomingButton);
    fireEvent.click(screen.getByText(outgoing));
    expect(screen.getByTestId('register-next').textContent).toBe(outgoingButton);
  });
});
