import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../locales/en.json';
import { NotifyMethodDialog } from './notify-method-dialog';

const settle = (fire: () => void) =>
  act(async () => {
    fire();
    await Promise.resolve();
  });

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NotifyMethodDialog companyId="my" method={null} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return screen.getByTestId('notify-destination');
}

describe('<NotifyMethodDialog>', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
  });

  it('says nothing for a field left empty, checks one left filled in, then as it changes', async () => {
    const destination = renderDialog();
    await settle(() => fireEvent.blur(destination));
    expect(screen.queryByTestId('notify-destination-error')).toBeNull();
    expect(screen.getByText('E-mail', { selector: '.p-dropdown-label' })).toBeTruthy();

    await settle(() => fireEvent.change(destination, { target: { value: 'not-an-address' } }));
    expect(screen.queryByTestId('notify-destination-error')).toBeNull();
    await settle(() => fireEvent.blur(destination));
    expect(screen.getByTestId('notify-destination-error').textContent).toBe('Enter an e-mail as user@domain');
    expect(destination.getAttribute('aria-describedby')).toBe('notify-destination-error');

    await settle(() => fireEvent.change(destination, { target: { value: 'ops@example.com' } }));
    expect(screen.queryByTestId('notify-destination-error')).toBeNull();
    expect(destination.getAttribute('aria-describedby')).toBe('notify-destination-hint');
  });

  it('checks on Save before anything was left; another type then says its own rule', async () => {
    renderDialog();
    await settle(() => fireEvent.click(screen.getByTestId('notify-save')));
    expect(screen.getByTestId('notify-destination-error').textContent).toBe('Enter an e-mail as user@domain');

    await settle(() => fireEvent.click(screen.getByTestId('notify-type')));
    const webhook = [...document.querySelectorAll('.p-dropdown-item')].find((item) => item.textContent === 'Webhook');
    if (!webhook) throw new Error('no Webhook option');
    await settle(() => fireEvent.click(webhook));
    expect(screen.getByTestId('notify-destination-error').textContent).toBe('Enter an http:// or https:// address');
  });
});
