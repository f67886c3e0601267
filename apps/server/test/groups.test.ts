import { Group, GroupListResult } from '@cab/contract/groups';
import { QueueCreateResult } from '@cab/contract/queue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runQueueItem, type QueueRunnerDeps } from '../src/modules/platform/queue/runner.js';
import { NetworkSimulator } from '../src/network/simulator.js';
import { DEMO_ALL_SIMS, StrictErrorBody, demoCompanies, listOk, simIdOf, sqlIds, sqlNumber, type DemoCompanies } from './support/sims.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: string;
let c: DemoCompanies;
let deps: QueueRunnerDeps;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin@demo.local')).token;
  c = await demoCompanies(t.database.db);
  deps = {
    db: t.database.db,
    network: new NetworkSimulator({ db: t.database.db, latencyMs: 0, failureRate: 0 }),
    bus: t.bus,
    batchSize: 50,
    staleSeconds: 60,
    progressIntervalMs: 0,
  };
});
afterAll(async () => t.close());

const StrictGroup = Group.strict();
const call = (verb: string, body: unknown, token = admin, lang: 'en' | 'ru' = 'en') => post(t.app, `/api/groups/${verb}`, body, { token, lang });
const groupList = async () => z.strictObject({ result: GroupListResult.extend({ items: z.array(StrictGroup) }).strict() }).parse((await call('list', {})).json()).result;
const create = async (name: string) => {
  const res = await call('create', { name });
  if (res.statusCode !== 200) throw new Error(`create ${name}: ${res.body}`);
  return z.strictObject({ result: StrictGroup }).parse(res.json()).result;
};
const takenEn = { message: 'A group with this name already exists', code: 'group_name_taken', fields: { name: 'Wrong value' } };
const takenRu = { message: 'Группа с таким названием уже есть', code: 'group_name_taken', fields: { name: 'Неверное значение' } };

async function foreignGroup(): Promise<number> {
  const [id] = await sqlIds(t.database.db, sql`insert into sim_groups (company_id, name) values (${c.operator}, 'Operator group') returning id::int as id`);
  return id ?? 0;
}

async function queueGroup(ids: number[], groupId: number, action: 'add' | 'remove') {
  const res = await post(t.app, '/api/queue/create', { reason: 'queue_group', selection: { ids }, params: { group_id: groupId, group_action: action } }, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  const created = QueueCreateResult.parse(res.json<{ result: unknown }>().result);
  expect(created).toMatchObject({ count: ids.length, skipped: 0 });
  await runQueueItem(deps, { companyId: c.demo, queueId: created.qid });
}

describe('groups: list, create, rename, delete', () => {
  it('creates (trimmed), lists by name, renames; names are unique per company in any case', async () => {
    expect(await groupList()).toEqual({ items: [], total: 0 });
    const trucks = await create('  Trucks ');
    expect(trucks).toEqual({ id: expect.any(Number) as number, name: 'Trucks', sim_count: 0, added: expect.any(Number) as number });
    expect(Math.abs(trucks.added - Date.now() / 1000)).toBeLessThan(600);
    const cars = await create('cars');
    expect((await groupList()).items.map((g) => g.name)).toEqual(['cars', 'Trucks']);

    const dup = await call('create', { name: 'TRUCKS' });
    expect(dup.statusCode).toBe(409);
    expect(StrictErrorBody.parse(dup.json())).toEqual(takenEn);
    expect((await call('create', { name: ' trucks' }, admin, 'ru')).json()).toEqual(takenRu);

    const renamed = await call('rename', { id: trucks.id, name: 'Vans' });
    expect(z.strictObject({ result: StrictGroup }).parse(renamed.json()).result).toEqual({ ...trucks, name: 'Vans' });
    expect((await call('rename', { id: cars.id, name: 'vans' })).json()).toEqual(takenEn);
    expect((await call('rename', { id: cars.id, name: 'VANS' }, admin, 'ru')).json()).toEqual(takenRu);
    expect((await call('rename', { id: trucks.id, name: 'VANS' })).statusCode).toBe(200);
    expect((await groupList()).items.map((g) => g.name)).toEqual(['cars', 'VANS']);
    // The freed name can be taken again.
    expect((await create('trucks')).name).toBe('trucks');
    const audit = await sqlNumber(t.database.db, sql`select count(*)::int as n from audit_log where action in ('group_create', 'group_rename')`);
    expect(audit).toBe(5);
  });

  it('name bounds: empty, blank and 101 characters answer 400; 100 is fine', async () => {
    for (const [name, field] of [['', 'Wrong value'], ['   ', 'Wrong value'], ['x'.repeat(101), 'The value is too long']] as const) {
      const res = await call('create', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Wrong input data', code: 'validation_failed', fields: { name: field } });
    }
    const [first] = (await groupList()).items;
    expect((await call('rename', { id: first?.id, name: 'y'.repeat(101) })).statusCode).toBe(400);
    expect((await call('create', { name: 'g', extra: true })).statusCode).toBe(400);
    expect((await create('z'.repeat(100))).name).toHaveLength(100);
  });

  it("another company's group answers 404 on rename, delete and as a queue selection or target", async () => {
    const other = await foreignGroup();
    const ids = [await simIdOf(t.database.db, 1)];
    for (const res of [
      await call('rename', { id: other, name: 'Mine now' }),
      await call('delete', { id: other }),
      await call('rename', { id: 987_654, name: 'Nope' }),
      await post(t.app, '/api/queue/create', { reason: 'queue_block', selection: { group: other } }, { token: admin }),
      await post(t.app, '/api/queue/create', { reason: 'queue_group', selection: { ids }, params: { group_id: other } }, { token: admin }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
    expect(await sqlNumber(t.database.db, sql`select count(*)::int as n from sim_groups where id = ${other} and name = 'Operator group'`)).toBe(1);
  });

  it('viewer can list but not create, rename or delete', async () => {
    const viewer = (await login(t.app, 'viewer@demo.local')).token;
    const [first] = (await groupList()).items;
    expect((await call('list', {}, viewer)).statusCode).toBe(200);
    for (const [verb, body] of [['create', { name: 'Viewer group' }], ['rename', { id: first?.id, name: 'V' }], ['delete', { id: first?.id }]] as const) {
      const res = await call(verb, body, viewer);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this', code: 'forbidden' });
    }
    expect((await groupList()).items.map((g) => g.id)).toContain(first?.id);
  });
});

describe('group members through the queue', () => {
  it('queue_group add and remove change sim_count and the list filter; delete keeps the SIMs', async () => {
    const group = await create('Members');
    const members = await Promise.all([5, 6, 7, 8, 4005, 4006].map((n) => simIdOf(t.database.db, n)));
    await queueGroup(members, group.id, 'add');
    await queueGroup(members.slice(0, 2), group.id, 'add');
    const byGroup = async () => (await listOk(t, admin, { page: 0, size: 500, childs: true, filter: { group: group.id } })).items.map((s) => s.id).sort((a, b) => a - b);
    expect((await groupList()).items.find((g) => g.id === group.id)?.sim_count).toBe(6);
    expect(await byGroup()).toEqual([...members].sort((a, b) => a - b));

    await queueGroup(members.slice(0, 2), group.id, 'remove');
    const left = members.slice(2).sort((a, b) => a - b);
    expect((await groupList()).items.find((g) => g.id === group.id)?.sim_count).toBe(4);
    expect(await byGroup()).toEqual(left);
    const simGroups = await post(t.app, '/api/sims/get', { id: members[2] }, { token: admin });
    expect(simGroups.json<{ result: { groups: unknown } }>().result.groups).toEqual([{ id: group.id, name: 'Members' }]);
    const selected = await post(t.app, '/api/queue/create', { reason: 'queue_ping', selection: { group: group.id } }, { token: admin });
    expect(selected.json()).toMatchObject({ result: { count: 4, skipped: 0 } });

    const deleted = await call('delete', { id: group.id });
    expect(deleted.json()).toEqual({ result: { ok: true } });
    expect((await groupList()).items.map((g) => g.id)).not.toContain(group.id);
    expect(await sqlNumber(t.database.db, sql`select count(*)::int as n from sims where id in ${members}`)).toBe(6);
    expect(await sqlNumber(t.database.db, sql`select count(*)::int as n from sim_group_members where group_id = ${group.id}`)).toBe(0);
    expect(await sqlNumber(t.database.db, sql`select count(*)::int as n from sims`)).toBe(DEMO_ALL_SIMS);
    // A deleted group is gone for the list filter too.
    const gone = await post(t.app, '/api/sims/list', { page: 0, size: 25, filter: { group: group.id } }, { token: admin });
    expect(gone.statusCode).toBe(404);
    expect((await call('delete', { id: group.id })).statusCode).toBe(404);
  });
});
