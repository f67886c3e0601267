import { BannerState } from '@cab/contract/content';
import type { Banner } from '@cab/contract/me';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import type { BusMessage } from '../src/realtime/bus.js';
import { AGENT_COMPANY, DEMO_COMPANY, companyIdByName } from './support/db.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let demoId: number;
let agentCompanyId: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['root', 'admin', 'viewer', 'agent']) tokens[role] = (await login(t.app, `${role}@demo.local`)).token;
  demoId = await companyIdByName(t.database.db, DEMO_COMPANY);
  agentCompanyId = await companyIdByName(t.database.db, AGENT_COMPANY);
});
afterAll(async () => t.close());
beforeEach(async () => {
  await post(t.app, '/api/tools/banner/withdraw', {}, { token: tokens.root });
});

const base = {
  type: 'danger',
  text_ru: 'Плановые работы сегодня ночью',
  text_en: 'Planned maintenance tonight',
  link: 'https://status.example.com/maintenance',
  target: '_blank',
  starts_at: null,
  ends_at: null,
  audience: 'all',
  company_ids: [],
};

async function publish(body: Record<string, unknown>, lang: 'ru' | 'en' = 'en') {
  return post(t.app, '/api/tools/banner/publish', { ...base, ...body }, { token: tokens.root, lang });
}

async function messageOf(role: string, lang: 'ru' | 'en' = 'en'): Promise<Banner | null> {
  const res = await post(t.app, '/api/service/me', { version: 250314 }, { token: tokens[role], lang });
  expect(res.statusCode).toBe(200);
  return res.json<{ result: { user: { message: Banner | null } } }>().result.user.message;
}

const now = () => Math.floor(Date.now() / 1000);

describe('header banner', () => {
  it('publishing reaches every user’s user.message in their language and pushes portal_update', async () => {
    const heard: BusMessage[] = [];
    const stop = t.bus.subscribe((message) => heard.push(message));
    const res = await publish({});
    expect(res.statusCode).toBe(200);
    const state = BannerState.strict().parse(res.json<{ result: unknown }>().result);
    expect(state).toMatchObject({ type: 'danger', live: true, withdrawn: false, audience: 'all' });
    await expect.poll(() => heard.some((m) => m.kind === 'event' && m.event.type === 'portal_update' && !m.audience.companyId && !m.audience.userId)).toBe(true);
    stop();

    expect(await messageOf('viewer', 'en')).toEqual({
      type: 'danger',
      text: 'Planned maintenance tonight',
      link: 'https://status.example.com/maintenance',
      target: '_blank',
      revision: state.revision,
    });
    expect((await messageOf('agent', 'ru'))?.text).toBe('Плановые работы сегодня ночью');
    expect(await messageOf('root')).not.toBeNull();

    const [audit] = await queryRows<{ action: string; details: { revision: number } }>(
      t.database.db,
      sql`select action, details from audit_log where action = 'banner_publish' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ action: 'banner_publish', details: { revision: state.revision } });
  });

  it('a banner without a link has no target; a cabinet path is a link too', async () => {
    await publish({ link: null, target: '_self' });
    expect(await messageOf('viewer')).toMatchObject({ link: null, target: null });
    await publish({ link: '/docs?new=1', target: '_self' });
    expect(await messageOf('viewer')).toMatchObject({ link: '/docs?new=1', target: '_self' });
  });

  it('shows only inside its window', async () => {
    const start = now() + 3600;
    const future = await publish({ starts_at: start, ends_at: start + 3600 });
    expect(future.statusCode).toBe(200);
    const scheduled = BannerState.parse(future.json<{ result: unknown }>().result);
    expect(scheduled.live).toBe(false);
    expect(await messageOf('viewer')).toBeNull();
    // Open cabinets hear of the start and the end when they come: a job at each edge pushes portal_update.
    const edges = await queryRows<{ at: number }>(
      t.database.db,
      sql`select extract(epoch from start_after)::int as at from pgboss.job where name = 'content-banner-edge' and (data->>'revision')::int = ${scheduled.revision} order by start_after`,
    );
    expect(edges.map((e) => e.at)).toEqual([start, start + 3600]);

    await publish({ starts_at: now() - 60, ends_at: now() + 3600 });
    expect(await messageOf('viewer')).not.toBeNull();

    // The window closes: the same banner is gone without anyone touching it.
    await t.database.db.execute(sql`update banners set ends_at = now() - interval '1 second' where withdrawn_at is null`);
    expect(await messageOf('viewer')).toBeNull();
  });

  it('a banner for chosen companies reaches only their users', async () => {
    const res = await publish({ audience: 'companies', company_ids: [demoId] });
    expect(res.statusCode).toBe(200);
    expect(await messageOf('viewer')).not.toBeNull();
    expect(await messageOf('admin')).not.toBeNull();
    expect(await messageOf('agent')).toBeNull();
    expect(await messageOf('root')).toBeNull();

    await publish({ audience: 'companies', company_ids: [agentCompanyId] });
    expect(await messageOf('viewer')).toBeNull();
    expect(await messageOf('agent')).not.toBeNull();
  });

  it('a user’s dismissal hides it for that user only, until a new banner is published', async () => {
    const state = BannerState.parse((await publish({})).json<{ result: unknown }>().result);
    const dismissed = await post(t.app, '/api/service/banner/dismiss', { revision: state.revision }, { token: tokens.viewer });
    expect(dismissed.statusCode).toBe(200);
    expect(await messageOf('viewer')).toBeNull();
    expect(await messageOf('admin')).not.toBeNull();

    // An old revision (a stale tab) is not the banner in force.
    const stale = await post(t.app, '/api/service/banner/dismiss', { revision: state.revision - 1 }, { token: tokens.admin });
    expect(stale.statusCode).toBe(404);
    expect(await messageOf('admin')).not.toBeNull();

    await publish({ text_en: 'Maintenance moved to Sunday' });
    expect((await messageOf('viewer'))?.text).toBe('Maintenance moved to Sunday');
  });

  it('withdrawing removes it everywhere', async () => {
    await publish({});
    const res = await post(t.app, '/api/tools/banner/withdraw', {}, { token: tokens.root });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ result: { banner: { withdrawn: boolean } } }>().result.banner.withdrawn).toBe(true);
    expect(await messageOf('viewer')).toBeNull();
  });

  it.each([
    ['a javascript: link', { link: 'javascript:alert(1)' }, { link: 'The link must start with http://, https:// or / (a cabinet page)' }],
    ['a protocol-relative link', { link: '//evil.example' }, { link: 'The link must start with http://, https:// or / (a cabinet page)' }],
    ['a data: link', { link: 'data:text/html,<script>alert(1)</script>' }, { link: 'The link must start with http://, https:// or / (a cabinet page)' }],
    ['a link with a backslash', { link: '/\\evil.example' }, { link: 'The link must start with http://, https:// or / (a cabinet page)' }],
    ['a link with spaces', { link: 'https://exa mple.com' }, { link: 'The link must start with http://, https:// or / (a cabinet page)' }],
    ['an end before the start', { starts_at: 2_000_000_000, ends_at: 1_999_999_999 }, { ends_at: 'The end must be after the start' }],
    ['an end in the past', { ends_at: 1_000_000_000 }, { ends_at: 'The end must be after the start' }],
    ['chosen companies without any', { audience: 'companies', company_ids: [] }, { company_ids: 'Choose at least one company' }],
    ['an unknown company', { audience: 'companies', company_ids: [987_654] }, { company_ids: 'Wrong value' }],
    ['a 301-character text', { text_en: 'x'.repeat(301) }, { text_en: 'The value is too long' }],
    ['an empty text', { text_ru: '  ' }, { text_ru: 'Wrong value' }],
    ['an unknown type', { type: 'warning' }, { type: 'Wrong value' }],
    ['an unknown target', { target: '_top' }, { target: 'Wrong value' }],
    ['a 501-character link', { link: `https://example.com/${'x'.repeat(481)}` }, { link: 'The value is too long' }],
  ])('refuses %s with a field message and changes nothing', async (_name, body, fields) => {
    await publish({ text_en: 'Before' });
    const before = await messageOf('viewer');
    const res = await publish(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Wrong input data', code: 'validation_failed', fields });
    expect(await messageOf('viewer')).toEqual(before);
  });

  it('answers a refusal in Russian too', async () => {
    const res = await publish({ link: 'javascript:alert(1)' }, 'ru');
    expect(res.json()).toMatchObject({ fields: { link: 'Ссылка должна начинаться с http://, https:// или / (страница кабинета)' } });
  });
});

describe('cabinet version', () => {
  async function meUpdate(role: string, version = 250314): Promise<boolean> {
    const res = await post(t.app, '/api/service/me', { version }, { token: tokens[role] });
    return res.json<{ result: { update: boolean } }>().result.update;
  }

  it('starts at the built version; raising it asks every older cabinet to update, root excepted', async () => {
    const got = await post(t.app, '/api/tools/version/get', {}, { token: tokens.root });
    expect(got.json()).toEqual({ result: { min_version: 250314, build_version: 250314 } });
    expect(await meUpdate('viewer')).toBe(false);

    const heard: BusMessage[] = [];
    const stop = t.bus.subscribe((message) => heard.push(message));
    const set = await post(t.app, '/api/tools/version/set', { min_version: 250401 }, { token: tokens.root });
    expect(set.json()).toEqual({ result: { min_version: 250401, build_version: 250314 } });
    await expect.poll(() => heard.some((m) => m.kind === 'event' && m.event.type === 'portal_update')).toBe(true);
    stop();

    expect(await meUpdate('viewer')).toBe(true);
    expect(await meUpdate('admin')).toBe(true);
    expect(await meUpdate('viewer', 250401)).toBe(false);
    // Root is the one who can lower it again, so root's own cabinet stays usable.
    expect(await meUpdate('root')).toBe(false);

    const [audit] = await queryRows<{ details: { before: number; after: number } }>(
      t.database.db,
      sql`select details from audit_log where action = 'cabinet_version_set' order by id desc limit 1`,
    );
    expect(audit?.details).toEqual({ before: 250314, after: 250401 });

    await post(t.app, '/api/tools/version/set', { min_version: 250314 }, { token: tokens.root });
    expect(await meUpdate('viewer')).toBe(false);
  });

  it.each([
    ['zero', { min_version: 0 }],
    ['a fraction', { min_version: 250314.5 }],
    ['too large', { min_version: 100_000_000 }],
    ['a string', { min_version: '250401' }],
  ])('refuses %s', async (_name, body) => {
    const res = await post(t.app, '/api/tools/version/set', body, { token: tokens.root });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { min_version: expect.any(String) as unknown } });
    expect((await post(t.app, '/api/tools/version/get', {}, { token: tokens.root })).json()).toMatchObject({ result: { min_version: 250314 } });
  });
});
