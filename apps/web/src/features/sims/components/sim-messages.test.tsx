import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { SimMessage, SimMessagesResult } from '@cab/contract/sms-messages';
import en from '../../../locales/en.json';
import ru from '../../../locales/ru.json';
import { SimMessages } from './sim-messages';

const message = (over: Partial<SimMessage>): SimMessage => ({
  id: 1,
  direction: 'out',
  peer: null,
  text: '',
  status: 'delivered',
  detail: 'DELIVRD',
  qid: 7,
  created: 1_780_000_000,
  updated: 1_780_000_000,
  ...over,
});

function answer(result: SimMessagesResult) {
  // A new Response per call: a body reads once, and the section may ask more than once.
  return vi.spyOn(window, 'fetch').mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify({ result }), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SimMessages simId={5} iccid="8970199000000000005" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the SIM page SMS section', () => {
  beforeEach(async () => {
    await i18next.use(initReactI18next).init({ lng: 'en', resources: { ru: { translation: ru }, en: { translation: en } } });
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists messages in and out with their state: received, delivered, and why one failed', async () => {
    const fetch = answer({
      total: 4,
      items: [
        message({ id: 3, direction: 'in', peer: '4242', text: 'Привет от устройства', status: 'received', detail: null, qid: null }),
        message({ id: 2, text: 'Reboot', status: 'failed', detail: 'UNDELIV err:001' }),
        message({ id: 1, text: 'Status?', status: 'failed', detail: 'smsc_rejected submit_sm_resp 0x00000045', qid: 8 }),
        message({ id: 0, text: 'Hello', status: 'failed', detail: 'network_timeout', qid: 9 }),
      ],
    });
    renderSection();
    const texts = await screen.findAllByTestId('sim-message-text');
    expect(texts.map((t) => t.textContent)).toEqual(['Привет от устройства', 'Reboot', 'Status?', 'Hello']);
    expect(screen.getAllByTestId('sim-message-status').map((s) => s.textContent)).toEqual([
      'Received',
      'Not delivered · UNDELIV err:001 · Operation #7',
      'Not delivered · Rejected by the SMSC · Operation #8',
      // The simulator fails a message with the network's reason, named as on an operation's results.
      'Not delivered · Network timeout · Operation #9',
    ]);
    const section = screen.getByTestId('sim-messages');
    expect(within(section).getByText('From the device')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Operation #7' }).getAttribute('href')).toBe('/operations/7');
    // The whole history with filters and export is the inbox, filtered to this SIM.
    expect(within(section).getByRole('link', { name: 'All messages of this SIM card' }).getAttribute('href')).toBe('/sms?sim=8970199000000000005');
    // The section's own call (a version check another file's app left running may ask too).
    const sent = fetch.mock.calls.find(([input]) => typeof input === 'string' && input.includes('/api/sims/messages'))?.[1]?.body;
    expect(typeof sent).toBe('string');
    const body = JSON.parse(sent as string) as unknown;
    expect(body).toEqual({ id: 5, page: 0, size: 10 });
  });

  it('says so when the SIM has no messages yet', async () => {
    answer({ total: 0, items: [] });
    renderSection();
    expect((await screen.findByTestId('sim-messages-empty')).textContent).toBe('No messages yet: SMS sent to this SIM card and received from it appear here');
  });
});
