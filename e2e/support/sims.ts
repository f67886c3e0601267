import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The SIM row of POST /api/sims/list as far as the flows read it. */
export interface SimRow {
  id: number;
  iccid: string;
  msisdn: string;
  name: string | null;
  profile: 'TC' | 'TD' | 'BK' | 'MS' | 'MF';
  block_type: 'none' | 'voluntary' | 'financial' | 'violation' | 'msu' | 'package_expiry';
  company_id: number;
  company_name: string;
}

export interface SimListBody {
  childs?: boolean;
  page?: number;
  size?: number;
  filter?: { query?: string; profile?: SimRow['profile']; blocked?: 0 | 1 | 2 | 3; group?: number; csv?: string };
  sort?: Partial<Record<'iccid' | 'msisdn' | 'name' | 'added', 'asc' | 'desc'>>;
}

interface Envelope<T> {
  result: T;
}

export interface SimListResult {
  items: SimRow[];
  total: number;
  total_exact: boolean;
}

export interface GroupRow {
  id: number;
  name: string;
  sim_count: number;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** POST /api/sims/list: the ground truth the UI is compared with. */
export async function listSims(request: APIRequestContext, token: string, body: SimListBody): Promise<SimListResult> {
  const response = await request.post('/api/sims/list', {
    headers: auth(token),
    data: { page: 0, size: 25, ...body, filter: { blocked: 0, ...body.filter } },
  });
  expect(response.status(), 'sims/list').toBe(200);
  return ((await response.json()) as Envelope<SimListResult>).result;
}

export async function listGroups(request: APIRequestContext, token: string): Promise<GroupRow[]> {
  const response = await request.post('/api/groups/list', { headers: auth(token), data: {} });
  expect(response.status(), 'groups/list').toBe(200);
  return ((await response.json()) as Envelope<{ items: GroupRow[] }>).result.items;
}

/** Running queue items of the user's company (GET /api/queue/list). */
export async function queueCount(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/queue/list', { headers: auth(token) });
  expect(response.status(), 'queue/list').toBe(200);
  return ((await response.json()) as Envelope<{ count: number }>).result.count;
}

/**
 * Waits until no bulk operation of the company runs, so a flow starts (and leaves) the shared server
 * with an empty queue: the header counter tests expect 0.
 */
export async function waitForQueueIdle(request: APIRequestContext, token: string, timeout = 30_000): Promise<void> {
  await expect
    .poll(() => queueCount(request, token), { timeout, intervals: [200, 300, 500], message: 'queue drained' })
    .toBe(0);
}

/** Opens /list (with search params) and waits for the first page of rows, or the empty view. */
export async function openSimList(page: Page, search = ''): Promise<void> {
  await page.goto(`/list${search}`);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('sims-table')).toBeVisible();
  await expect(page.getByTestId('sims-row').first().or(page.getByTestId('sims-empty'))).toBeVisible();
}

export function simRows(page: Page): Locator {
  return page.getByTestId('sims-row');
}

/** The visible rows' SIM ids, in table order. */
export async function rowIds(page: Page): Promise<number[]> {
  const ids = await simRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-sim-id')));
  return ids.map(Number);
}

/** The text of one column's cells (class col-<column>) over the visible rows. */
export async function columnTexts(page: Page, column: string): Promise<string[]> {
  return simRows(page).locator(`td.col-${column}`).allInnerTexts();
}

/** Waits for the footer total to read `total` (data-total, and no request still running). */
export async function expectTotal(page: Page, total: number): Promise<void> {
  await expect(page.getByTestId('sims-total')).toHaveAttribute('data-total', String(total));
  await expect(page.getByTestId('sims-table').locator('.p-datatable-loading-overlay')).toHaveCount(0);
}

/** Picks an option of a PrimeReact Dropdown by its visible label. */
export async function chooseOption(page: Page, dropdown: Locator, label: string): Promise<void> {
  await dropdown.click();
  const panel = page.locator('.p-dropdown-panel');
  await expect(panel).toBeVisible();
  await panel.getByRole('option', { name: label, exact: true }).click();
  await expect(panel).toBeHidden();
}

/** The row checkbox of a SIM (PrimeReact names it "Row Selected <id>"). */
export function rowCheckbox(page: Page, simId: number): Locator {
  return page.locator(`[data-testid="sims-row"][data-sim-id="${simId}"] td.p-selection-column .p-checkbox`);
}

/** The header checkbox that selects the current page. */
export function pageCheckbox(page: Page): Locator {
  return page.getByTestId('sims-table').locator('thead th.p-selection-column .p-checkbox');
}

/** Opens the Operations menu and returns the menu item of `reason` (e.g. queue_block). */
export async function operationItem(page: Page, reason: string, trigger = 'sims-actions'): Promise<Locator> {
  const item = page.getByTestId(`sims-action-${reason}`);
  if (!(await item.isVisible())) await page.getByTestId(trigger).click();
  await expect(item).toBeVisible();
  return item;
}

/** Opens an operation's confirm dialog from the Operations menu. */
export async function openOperation(page: Page, reason: string, trigger = 'sims-actions'): Promise<Locator> {
  const item = await operationItem(page, reason, trigger);
  await expect(item).toBeEnabled();
  await item.click();
  const dialog = page.getByTestId('op-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Response of POST /api/queue/create, waited for while `action` runs. */
export async function expectQueued(page: Page, action: () => Promise<void>): Promise<{ qid: number; count: number }> {
  const created = page.waitForResponse((r) => r.url().includes('/api/queue/create') && r.request().method() === 'POST');
  await action();
  const response = await created;
  expect(response.status(), 'queue/create').toBe(200);
  return ((await response.json()) as Envelope<{ qid: number; count: number; skipped: number }>).result;
}

/** A CSV (or any) file for the CSV filter's file input. */
export function filePayload(name: string, text: string, mimeType = 'text/csv') {
  return { name, mimeType, buffer: Buffer.from(text, 'utf8') };
}

/**
 * Ticks the first row's checkbox as a user does and waits until the page counts it selected (a click
 * that lands while the list is refreshing is tried again).
 */
export async function selectFirstSimRow(page: Page): Promise<void> {
  const count = page.getByTestId('sims-selection-count');
  await expect(async () => {
    if ((await count.getAttribute('data-count')) !== '1') {
      const input = page.getByTestId('sims-row').first().locator('td').first().locator('input[type="checkbox"]');
      await input.focus();
      await page.keyboard.press('Space');
    }
    await expect(count).toHaveAttribute('data-count', '1', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
