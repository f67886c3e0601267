import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { MeResult } from '@cab/contract/me';
import { ME_KEY, useMe } from '@/lib/me-query';
import { sessionStore } from '@/lib/session-store';
import ru from '../../locales/ru.json';
import { EmptyBalanceDialog } from './empty-balance-dialog';
import { EmptySimDialog } from './empty-sim-dialog';
import { activePopup, useShellPopups } from './shell-popups';

function me(simCount: number, balanceProblem: boolean, overrides: Partial<MeResult> = {}): MeResult {
  return {
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
    company: { id: 3, name: 'Demo', balance: balanceProblem ? -2.5 : 10, billing_type: 1, contract: null, balance_problem: balanceProblem },
    news: { show: false },
    update: false,
    sim_count: simCount,
    ...overrides,
  };
}

/** The shell's dialogs as the shell wires them, plus what the home page shows of the SIM count. */
function Harness() {
  const data = useMe().data;
  const popups = useShellPopups(data);
  return (
    <>
      <p data-testid="sim-count">{data?.sim_count}</p>
      <EmptySimDialog visible={popups.active === 'emptySim'} onClose={popups.closeEmptySim} />
      <EmptyBalanceDialog visible={popups.active === 'emptyBalance'} onClose={popups.closeEmptyBalance} />
    </>
  );
}

function setup(data: MeResult) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(ME_KEY, data);
  const router = createMemoryRouter(
    [
      { path: '/home', element: <Harness /> },
      { path: '/orders', element: <Harness /> },
      { path: '/docs', element: <Harness /> },
    ],
    { initialEntries: ['/home'] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router, view };
}

const SIM_TITLE = ru.emptySim.title;
const BALANCE_TITLE = ru.emptyBalance.title;

describe('activePopup: one dialog at a time, in order', () => {
  const none = { emptySim: false, balanceAt: undefined };
  it('update first, then SIM cards to order, then the balance (a company without SIMs too, once that is closed)', () => {
    expect(activePopup(me(0, true, { update: true }), none)).toBe('update');
    expect(activePopup(me(0, true), none)).toBe('emptySim');
    expect(activePopup(me(0, true), { ...none, emptySim: true })).toBe('emptyBalance');
    expect(activePopup(me(0, true), { emptySim: true, balanceAt: -2.5 })).toBeNull();
    expect(activePopup(me(0, false), { ...none, emptySim: true })).toBeNull();
    expect(activePopup(me(5, true), none)).toBe('emptyBalance');
    expect(activePopup(me(5, true), { ...none, balanceAt: -2.5 })).toBeNull();
    expect(activePopup(me(5, false), none)).toBeNull();
    expect(activePopup(undefined, none)).toBeNull();
  });
});

describe('the shell dialogs', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'ru', resources: { ru: { translation: ru } } });
    sessionStore.setStatus('in');
  });

  it('closing the empty-SIM dialog keeps it closed for the session, and the SIM count stays 0', async () => {
    const first = setup(me(0, false));
    expect(await screen.findByText(SIM_TITLE)).toBeTruthy();
    fireEvent.click(screen.getByTestId('empty-sim-close'));
    await waitFor(() => expect(screen.queryByText(SIM_TITLE)).toBeNull());
    expect(screen.getByTestId('sim-count').textContent).toBe('0');
    expect(first.queryClient.getQueryData<MeResult>(ME_KEY)?.sim_count).toBe(0);
    // A reload in the same session: still closed.
    first.view.unmount();
    setup(me(0, false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(SIM_TITLE)).toBeNull();
  });

  it('following "create order request" goes to /orders?new=1 and closes it', async () => {
    const { router } = setup(me(0, false));
    fireEvent.click(await screen.findByText(ru.emptySim.order));
    expect(router.state.location.pathname).toBe('/orders');
    expect(router.state.location.search).toBe('?new=1');
    await waitFor(() => expect(screen.queryByText(SIM_TITLE)).toBeNull());
  });

  it('a new company (no SIMs, balance problem) is told one thing at a time: SIM cards, then the balance', async () => {
    setup(me(0, true));
    expect(await screen.findByText(SIM_TITLE)).toBeTruthy();
    expect(screen.queryByText(BALANCE_TITLE)).toBeNull();
    fireEvent.click(screen.getByTestId('empty-sim-close'));
    expect(await screen.findByText(BALANCE_TITLE)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(SIM_TITLE)).toBeNull());
    fireEvent.click(screen.getByTestId('empty-balance-close'));
    await waitFor(() => expect(screen.queryByText(BALANCE_TITLE)).toBeNull());
  });

  it('the balance dialog goes to bill generation, stays closed at the same balance and opens when it moves', async () => {
    const { queryClient, router } = setup(me(10, true));
    fireEvent.click(await screen.findByText(ru.emptyBalance.billGeneration));
    expect(router.state.location.pathname).toBe('/docs');
    expect(router.state.location.search).toBe('?new=1');
    await waitFor(() => expect(screen.queryByText(BALANCE_TITLE)).toBeNull());
    expect(queryClient.getQueryData<MeResult>(ME_KEY)?.company.balance_problem).toBe(true);
    // A refetch after the bill was generated: still the same exhausted balance.
    await act(async () => {
      queryClient.setQueryData(ME_KEY, me(10, true));
      await Promise.resolve();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(BALANCE_TITLE)).toBeNull();
    // The next charge takes the balance lower: the dialog is back.
    const lower = me(10, true);
    await act(async () => {
      queryClient.setQueryData(ME_KEY, { ...lower, company: { ...lower.company, balance: -7.5 } });
      await Promise.resolve();
    });
    expect(await screen.findByText(BALANCE_TITLE)).toBeTruthy();
  });
});
