import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { MeResult } from '@cab/contract/me';
import { ME_KEY } from '@/lib/me-query';
import { sessionStore } from '@/lib/session-store';
import ru from '../../locales/ru.json';
import { EmptyBalanceDialog } from './empty-balance-dialog';

const me = (balanceProblem: boolean): MeResult => ({
  user: {
    id: 1,
    first_name: 'Anna',
    last_name: 'Adminova',
    email: 'admin@demo.local',
    role: 'admin',
    role_title: 'Admin',
    company_block: false,
    message: null,
  },
  company: {
    id: 3,
    name: 'Demo',
    balance: balanceProblem ? -2.5 : 10,
    billing_type: 1,
    contract: null,
    balance_problem: balanceProblem,
  },
  news: { show: false },
  update: false,
  sim_count: 10,
});

function setup(balanceProblem: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(ME_KEY, me(balanceProblem));
  const router = createMemoryRouter(
    [
      { path: '/home', element: <EmptyBalanceDialog /> },
      { path: '/docs', element: <p data-testid="docs-page">docs</p> },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

const TITLE = ru.emptyBalance.title;

describe('<EmptyBalanceDialog>', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'ru', resources: { ru: { translation: ru } } });
    sessionStore.setStatus('in');
  });
  afterEach(() => document.body.replaceChildren());

  it('opens on balance_problem and closing clears it', async () => {
    const { queryClient } = setup(true);
    expect(await screen.findByText(TITLE)).toBeTruthy();
    fireEvent.click(screen.getByTestId('empty-balance-close'));
    expect(queryClient.getQueryData<MeResult>(ME_KEY)?.company.balance_problem).toBe(false);
    await waitFor(() => expect(screen.queryByText(TITLE)).toBeNull());
  });

  it('goes to bill generation (/docs?new=1) and does not come back', async () => {
    const { queryClient, router } = setup(true);
    fireEvent.click(await screen.findByText(ru.emptyBalance.billGeneration));
    expect(router.state.location.pathname).toBe('/docs');
    expect(router.state.location.search).toBe('?new=1');
    expect(queryClient.getQueryData<MeResult>(ME_KEY)?.company.balance_problem).toBe(false);
  });

  it('stays closed when the user data comes again with the same balance, opens when the balance moves', async () => {
    const { queryClient } = setup(true);
    fireEvent.click(await screen.findByTestId('empty-balance-close'));
    await waitFor(() => expect(screen.queryByText(TITLE)).toBeNull());
    // A refetch after the bill was generated: still the same exhausted balance.
    await act(async () => {
      queryClient.setQueryData(ME_KEY, me(true));
      await Promise.resolve();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(TITLE)).toBeNull();
    // The next charge takes the balance lower: the dialog is back.
    const lower = me(true);
    await act(async () => {
      queryClient.setQueryData(ME_KEY, { ...lower, company: { ...lower.company, balance: -7.5 } });
      await Promise.resolve();
    });
    expect(await screen.findByText(TITLE)).toBeTruthy();
    fireEvent.click(screen.getByTestId('empty-balance-close'));
    await waitFor(() => expect(screen.queryByText(TITLE)).toBeNull());
  });

  it('stays closed while the balance is fine', () => {
    setup(false);
    expect(screen.queryByTestId('empty-balance-dialog')).toBeNull();
  });
});
