import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** What a person sees of one table's scroll region (`.p-datatable-wrapper`). */
export interface TableView {
  /** The first and last header texts, to name the table in a failure. */
  columns: string;
  /** Rows drawn as cards on a phone (components/card-table.ts): such a table never scrolls there. */
  cards: boolean;
  overflows: boolean;
  /** `data-scroll-more`: the sides that still hide columns. */
  more: string;
  mask: string;
  tabIndex: number;
  role: string;
  name: string;
  lastHeaderRight: number;
  /** Right edge of what shows of the table: its scroll region, cut by its card. */
  visibleRight: number;
}

/** Every table on the page, measured in the browser. */
export async function measureTables(page: Page): Promise<TableView[]> {
  return page.$$eval('.p-datatable-wrapper', (regions) =>
    regions
      .filter((region) => region.getClientRects().length > 0)
      .map((region) => {
        const element = region as HTMLElement;
        const headers = [...element.querySelectorAll('thead th')];
        const last = headers.at(-1)?.getBoundingClientRect();
        const card = element.closest('.card, .p-dialog-content, main') ?? element;
        const name = (element.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
          .filter(Boolean)
          .join(' ');
        return {
          columns: `${headers[0]?.textContent?.trim() ?? ''} … ${headers.at(-1)?.textContent?.trim() ?? ''}`,
          cards: element.closest('.card-table') !== null,
          overflows: element.scrollWidth - element.clientWidth > 2,
          more: element.dataset.scrollMore ?? '',
          mask: getComputedStyle(element).maskImage,
          tabIndex: element.tabIndex,
          role: element.getAttribute('role') ?? '',
          name,
          lastHeaderRight: last?.right ?? 0,
          visibleRight: Math.min(element.getBoundingClientRect().right, card.getBoundingClientRect().right),
        };
      }),
  );
}

/** Scrolls every overflowing table to its end (as a user's swipe would) and back to its start. */
export async function scrollTables(page: Page, to: 'end' | 'start'): Promise<void> {
  await page.$$eval(
    '.p-datatable-wrapper',
    (regions, where) => {
      for (const region of regions) region.scrollLeft = where === 'end' ? region.scrollWidth : 0;
    },
    to,
  );
  await page.waitForTimeout(150);
}

/** The active tab of each tab strip on the page: its box and the strip's arrow buttons. */
export async function activeTabs(page: Page): Promise<Array<{ left: number; right: number; coveredByArrow: boolean }>> {
  return page.$$eval('.p-tabview-nav li.p-highlight', (tabs) =>
    tabs.map((tab) => {
      const box = tab.getBoundingClientRect();
      const arrows = [...(tab.closest('.p-tabview')?.querySelectorAll('.p-tabview-nav-prev, .p-tabview-nav-next') ?? [])];
      const coveredByArrow = arrows.some((arrow) => {
        const a = arrow.getBoundingClientRect();
        return a.width > 0 && a.left < box.right - 1 && a.right > box.left + 1;
      });
      return { left: box.left, right: box.right, coveredByArrow };
    }),
  );
}

interface Envelope<T> {
  result: T;
}

/**
 * Data that gives the wide tables rows: a finished ping of two SIMs (its results page) and a
 * generated report file (the downloads page). Returns the operation's page.
 */
export async function seedWideTables(request: APIRequestContext, token: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const sims = await request.post('/api/sims/list', { headers, data: { page: 0, size: 2, filter: { blocked: 0 } } });
  const ids = ((await sims.json()) as Envelope<{ items: Array<{ id: number }> }>).result.items.map((sim) => sim.id);
  const queued = await request.post('/api/queue/create?lang=en', { headers, data: { reason: 'queue_ping', selection: { ids } } });
  expect(queued.status(), await queued.text()).toBe(200);
  const { qid } = ((await queued.json()) as Envelope<{ qid: number }>).result;
  const today = new Date().toISOString().slice(0, 10);
  const report = await request.post('/api/generated_reports/create?lang=en', {
    headers,
    data: { kind: 'day', format: 'csv', request: { filter: { profile: 'TC' }, from: today, to: today } },
  });
  expect(report.status(), await report.text()).toBe(200);
  return `/operations/${qid}`;
}
