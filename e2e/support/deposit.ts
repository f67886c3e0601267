import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { sharedSession, USERS } from './auth.js';

interface Envelope<T> {
  result: T;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A company's id by name, as root sees it (POST /api/companies/scope). */
export async function companyIdByName(request: APIRequestContext, name: string): Promise<number> {
  const root = await sharedSession(request, USERS.root);
  const response = await request.post('/api/companies/scope', { headers: auth(root.token), data: {} });
  expect(response.status(), 'companies/scope').toBe(200);
  const { items } = ((await response.json()) as Envelope<{ items: Array<{ id: number; name: string }> }>).result;
  const company = items.find((c) => c.name === name);
  if (!company) throw new Error(`company ${name} not found`);
  return company.id;
}

/** The company's balance in cents: the balance after its newest ledger row. */
export async function balanceCents(request: APIRequestContext, companyId: number): Promise<number> {
  const root = await sharedSession(request, USERS.root);
  const response = await request.post('/api/deposit/list', {
    headers: auth(root.token),
    data: { page: 0, size: 1, filter: { company: companyId } },
  });
  expect(response.status(), 'deposit/list').toBe(200);
  const { items } = ((await response.json()) as Envelope<{ items: Array<{ balance_after_cents: number }> }>).result;
  return items[0]?.balance_after_cents ?? 0;
}

/** Root's "+N"/"-N" EUR balance change through the API. */
export async function adjustBalance(
  request: APIRequestContext,
  companyId: number,
  amount: string,
  reason: string,
): Promise<number> {
  const root = await sharedSession(request, USERS.root);
  const response = await request.post('/api/deposit/adjust', {
    headers: auth(root.token),
    data: { company_id: companyId, amount, reason },
  });
  expect(response.status(), `deposit/adjust ${amount}`).toBe(200);
  return ((await response.json()) as Envelope<{ balance_cents: number }>).result.balance_cents;
}

/** "-N" that takes a balance of `cents` to exactly `-extraEuros` EUR below zero. */
export function minusToBelowZero(cents: number, extraEuros: number): string {
  const total = cents + extraEuros * 100;
  return `-${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
}
