import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { MeResult } from '@cab/contract/me';
import { ME_KEY } from '@/lib/me-query';
import { sessionStore } from '@/lib/session-store';
import ru from '../../locales/ru.json';
import { EmptySimDialog } from './empty-sim-dialog';

const me = (simCount: number): MeResult => ({
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
  company: { id: 3, name: 'Demo', balance: 10, billing_type: 1, contract: null, balance_problem: false },
  news: { show: false },
  update: false,
  sim_count: simCount,
});

function setup(simCount: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(ME_KEY, me(simCount));
  const router = createMemoryRouter(
    [
      { path: '/home', element: <EmptySimDialog /> },
      { path: '/orders', element: <p data-testid="orders-page">orders</p> },
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

describe('<EmptySimDialog>', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'ru', resources: { ru: { translation: ru } } });
    sessionStore.setStatus('in');
  });
  afterEach(() => document.body.replaceChildren());

  it('opens when the company has no SIM cards and closing sets sim_count to 1', async () => {
    const { queryClient } = setup(0);
    expect(await screen.findByText('У вас пока нет SIM-карт')).toBeTruthy();
    fireEvent.click(screen.getByTestId('empty-sim-close'));
    expect(queryClient.getQueryData<MeResult>(ME_KEY)?.sim_count).toBe(1);
    await waitFor(() => expect(screen.queryByText('У вас пока нет SIM-карт')).toBeNull());
  });

  it('goes to a new order request and does not come back', async () => {
    const { queryClient, router } = setup(0);
    fireEvent.click(await screen.findByText('Создать заявку на заказ'));
    expect(router.state.location.pathname).toBe('/orders');
    expect(router.state.location.search).toBe('?new=1');
    expect(queryClient.getQueryData<MeResult>(ME_KEY)?.sim_count).toBe(1);
  });

  it('stays closed when the company has SIM cards', () => {
    setup(5);
    expect(screen.queryByTestId('empty-sim-dialog')).toBeNull();
  });
});
