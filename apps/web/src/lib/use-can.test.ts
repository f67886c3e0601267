import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@cab/contract/roles';
import { ME_KEY } from './me-query';
import { useCan } from './use-can';

// The signed-in user as the cabinet holds it: the `me` query's cached answer (no request is made).
const me = { user: undefined as { role: Role; company_block: boolean } | undefined };

function ask(...args: Parameters<typeof useCan>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (me.user) client.setQueryData(ME_KEY, { user: me.user });
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  return renderHook(() => useCan(...args), { wrapper }).result.current;
}

describe('useCan: the role table, and a blocked company for what writes', () => {
  beforeEach(() => {
    me.user = undefined;
  });

  it('is false while the user loads', () => {
    expect(ask('sims.read')).toBe(false);
  });

  it('answers by the role table', () => {
    me.user = { role: 'viewer', company_block: false };
    expect(ask('sims.read')).toBe(true);
    expect(ask('sims.operate')).toBe(false);
    me.user = { role: 'manager', company_block: false };
    expect(ask('sims.operate', { writes: true })).toBe(true);
  });

  it('refuses what writes to a blocked company, not what reads, and never root', () => {
    me.user = { role: 'admin', company_block: true };
    expect(ask('groups.manage', { writes: true })).toBe(false);
    expect(ask('groups.manage')).toBe(true);
    me.user = { role: 'root', company_block: true };
    expect(ask('groups.manage', { writes: true })).toBe(true);
  });
});
