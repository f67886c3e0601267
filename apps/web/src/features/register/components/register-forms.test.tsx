import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../locales/en.json';
import { PhoneCodeForm } from './phone-code-form';
import { WelcomeStep } from './welcome-step';

const settle = (fire: () => void) =>
  act(async () => {
    fire();
    await Promise.resolve();
  });

function withProviders(node: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('registration forms on the form kit', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
  });

  it('Welcome says every problem on Next and keeps it while one types, as before', async () => {
    withProviders(<WelcomeStep status={undefined} goTo={() => undefined} />);
    await settle(() => fireEvent.click(screen.getByTestId('register-next')));
    expect(screen.getByTestId('register-email-error').textContent).toBe(en.register.errors.required);
    expect(screen.getByTestId('register-password-error').textContent).toBe(en.register.errors.passwordShort.replace('{{min}}', '8'));
    expect(screen.getByTestId('register-email').getAttribute('aria-invalid')).toBe('true');

    await settle(() => fireEvent.change(screen.getByTestId('register-email'), { target: { value: 'name@example.com' } }));
    expect(screen.getByTestId('register-email-error')).toBeTruthy();

    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'long-enough-1' } });
    fireEvent.change(screen.getByTestId('register-repeat'), { target: { value: 'something-else' } });
    await settle(() => fireEvent.click(screen.getByTestId('register-next')));
    expect(screen.queryByTestId('register-email-error')).toBeNull();
    expect(screen.getByTestId('register-repeat-error').textContent).toBe("Passwords don't match");
  });

  it('the call code takes digits only and asks for four on Verify', async () => {
    withProviders(
      <PhoneCodeForm
        call={{ direction: 'outgoing', number: null, expires_in: 600, phone: '+4915112345678' }}
        onConfirmed={() => undefined}
        onRetry={() => undefined}
        onBack={() => undefined}
      />,
    );
    const code = screen.getByTestId<HTMLInputElement>('register-code');
    await settle(() => fireEvent.change(code, { target: { value: '1a2' } }));
    expect(code.value).toBe('12');
    await settle(() => fireEvent.click(screen.getByTestId('register-next')));
    expect(screen.getByTestId('register-code-error').textContent).toBe(en.register.errors.code);
  });
});
