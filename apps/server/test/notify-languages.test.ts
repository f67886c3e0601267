import { Notification, NotifyListResult } from '@cab/contract/notify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../src/db/schema.js';
import { notifyBilling } from '../src/modules/commerce/billing/notices.js';
import { notifyEvent } from '../src/modules/platform/notify/events.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

/*
 * A notification is read in the reader's language of the moment, not the one they had when it was
 * written: a user who switches ru → en sees English texts, old rows (one language only) still show.
 */

const StrictList = NotifyListResult.extend({ items: z.record(z.string(), Notification.strict()) }).strict();

let t: TestApp;
let token = '';
let admin = { id: 0, companyId: 0 };
const published: unknown[] = [];
const bus = {
  publish: (_to: unknown, event: unknown) => {
    published.push(event);
    return Promise.resolve();
  },
};

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, 'admin@demo.local')).token;
  const [row] = await t.database.db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.email, 'admin@demo.local'));
  if (!row) throw new Error('no demo admin');
  admin = row;
});
afterAll(async () => t.close());

async function textOf(id: number, lang: 'ru' | 'en'): Promise<Notification | undefined> {
  const res = await post(t.app, '/api/notify/list', { all: true }, { token, lang });
  expect(res.statusCode).toBe(200);
  return StrictList.parse(res.json<{ result: unknown }>().result).items[String(id)];
}

describe('notifications in the reader’s language', () => {
  it('keeps both texts and answers each call in its language; the push carries both', async () => {
    const stored = await notifyEvent(t.database.db, bus, {
      companyId: admin.companyId,
      category: 'notify',
      type: 'info',
      text: { ru: 'Отчёт готов', en: 'The report is ready' },
      recipients: [{ userId: admin.id, lang: 'ru', popup: true }],
    });
    const id = stored?.told[0]?.notification.id ?? 0;
    expect((await textOf(id, 'ru'))?.text).toBe('Отчёт готов');
    expect((await textOf(id, 'en'))?.text).toBe('The report is ready');
    expect(published.at(-1)).toMatchObject({
      type: 'notify',
      data: { id, text: 'Отчёт готов', texts: { ru: 'Отчёт готов', en: 'The report is ready' }, popup: { show: true, text: 'Отчёт готов' } },
    });
  });

  it('writes what the server tells (billing notices here) in both languages', async () => {
    await notifyBilling({ db: t.database.db, bus: bus as never }, admin.companyId, { text: 'balanceProblem', type: 'warning', values: { amount: '-1.00' } });
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.companyId, admin.companyId), eq(notifications.userId, admin.id)))
      .orderBy(notifications.id)
      .then((rows) => rows.slice(-1));
    expect(row?.texts?.ru).toMatch(/[а-я]/);
    expect(row?.texts?.en).toMatch(/balance/i);
    expect(row?.text).toBe(row?.texts?.ru);
  });

  it('still shows a row written before both texts were kept, in the language it was written in', async () => {
    const [legacy] = await t.database.db
      .insert(notifications)
      .values({ companyId: admin.companyId, userId: admin.id, type: 'info', category: 'notify', text: 'Старое уведомление' })
      .returning();
    const shown = await textOf(legacy?.id ?? 0, 'en');
    expect(shown).toMatchObject({ text: 'Старое уведомление', texts: null });
  });
});
