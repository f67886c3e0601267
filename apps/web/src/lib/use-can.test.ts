import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@cab/contract/roles';
import { useCan } from './use-can';

const me = vi.hoisted(() => ({ user: undefined as { role: Role; company_block: boolean } | undefined }));
vi.mock('./me-query', () => ({ useMe: () => ({ data: me.user ? { user: me.user } : undefined }) }));

const ask = (...args: Parameters<typeof useCan>) => renderHook(() => useCan(...args)).result.current;

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
