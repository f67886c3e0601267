import { REQUEST_ACTIONS, REQUEST_ACTION_NAMES, RequestDetail, WithdrawalRequest, type RequestState } from '@cab/contract/agents';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { PDF_BYTES, PNG_BYTES, agentLedgerSum, creditReward, makeAgent, rewardBalance } from './support/agents.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let root: string;
let admin: string;

const create = (token: string, body: Record<string, unknown>) =>
  post(t.app, '/api/agent/requests/create', { method: 'other', details: 'Cash at the office', ...body }, { token });
const transition = (token: string, body: Record<string, unknown>, lang: 'ru' | 'en' = 'en') =>
  post(t.app, '/api/agent/requests/transition', body, { token, lang });
const created = (res: { json<T>(): T; statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return WithdrawalRequest.parse(res.json<{ result: unknown }>().result);
};
const detail = (res: { json<T>(): T; statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return RequestDetail.parse(res.json<{ result: unknown }>().result);
};
const fileGet = (id: number | undefined, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/agent/requests/file?id=${id}&lang=en`, headers: { authorization: `Bearer ${token}` } });
const attachment = (bytes: Buffer, name = 'act.pdf') => ({ name, content_base64: bytes.toString('base64') });

beforeAll(async () => {
  t = await createTestApp({ env: { BILL_MIN_AMOUNT_EUR: '1', AGENT_WITHDRAWAL_MIN_EUR: '20' } });
  root = (await login(t.app, 'root@demo.local')).token;
  admin = (await login(t.app, 'admin@demo.local')).token;
}, 60_000);
afterAll(async () => t.close());

describe('withdrawal requests', () => {
  it('the whole flow: hold at once, ask for an act, the agent uploads it, root pays, the agent confirms — with a timeline', async () => {
    const agent = await makeAgent(t);
    await creditReward(t, root, agent.companyId, 50_000);
    const request = created(await create(agent.token, { amount: '+150.50', method: 'iban', iban: 'DE89 3704 0044 0532 0130 00', holder: 'Artem Agentov' }));
    expect(request).toMatchObject({ state: 'awaiting', amount_cents: 15_050, iban: 'DE89370400440532013000' });
    expect(await rewardBalance(t, agent.companyId)).toBe(50_000 - 15_050);

    // Root is told (a notification row pushed as `notify`).
    const told = await queryRows<{ text: string }>(t.database.db, sql`
      select n.text from notifications n join users u on u.id = n.user_id where u.role = 'root' order by n.id desc limit 1`);
    expect(told[0]?.text).toMatch(new RegExp(`(#|№)${request.id} `));

    detail(await transition(root, { id: request.id, action: 'take' }));
    detail(await transition(root, { id: request.id, action: 'ask', comment: 'Please upload the signed act' }));
    const answered = detail(await transition(agent.token, { id: request.id, action: 'answer', comment: 'Signed act attached', attachment: attachment(PDF_BYTES) }));
    expect(answered.request.state).toBe('approving');
    const file = answered.events.at(-1)?.attachment;
    expect(file).toMatchObject({ type: 'application/pdf', bytes: PDF_BYTES.length, name: 'act.pdf' });
    const agentNotice = await queryRows<{ text: string }>(t.database.db, sql`
      select text from notifications where user_id = ${agent.userId} order by id desc limit 1`);
    expect(agentNotice[0]?.text).toMatch(/awaiting agent action|ожидает действий агента/);

    detail(await transition(root, { id: request.id, action: 'pay', comment: 'Sent by bank transfer' }));
    const done = detail(await transition(agent.token, { id: request.id, action: 'confirm', comment: 'Received, closing act attached', attachment: attachment(PNG_BYTES, 'act.png') }));
    expect(done.request.state).toBe('paid');
    expect(done.actions).toEqual([]);
    expect(done.events.map((e) => [e.action, e.to_state, e.side])).toEqual([
      [null, 'awaiting', 'agent'],
      ['take', 'approving', 'root'],
      ['ask', 'awaiting_agent', 'root'],
      ['answer', 'approving', 'agent'],
      ['pay', 'paid_awaiting_agent', 'root'],
      ['confirm', 'paid', 'agent'],
    ]);
    // Paid keeps the hold: the balance is what is left, and equals the ledger.
    expect(await rewardBalance(t, agent.companyId)).toBe(50_000 - 15_050);
    expect(await agentLedgerSum(t, agent.companyId)).toBe(50_000 - 15_050);
    const audit = await queryRows<{ action: string }>(t.database.db, sql`
      select action from audit_log where company_id = ${agent.companyId} and action like 'withdrawal_%' order by id`);
    expect(audit.map((a) => a.action)).toEqual(['withdrawal_create', 'withdrawal_take', 'withdrawal_ask', 'withdrawal_answer', 'withdrawal_pay', 'withdrawal_confirm']);

    // The attachment is served to the agent and root only.
    const byAgent = await fileGet(file?.id, agent.token);
    expect(byAgent.statusCode).toBe(200);
    expect(byAgent.headers['content-type']).toBe('application/pdf');
    expect(byAgent.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect((await fileGet(file?.id, root)).statusCode).toBe(200);
    expect((await fileGet(file?.id, admin)).statusCode).toBe(403);
    const stranger = await makeAgent(t, 'stranger');
    expect((await fileGet(file?.id, stranger.token)).statusCode).toBe(404);
  });

  it('every transition is allowed only to its side and only from its states', async () => {
    const agent = await makeAgent(t);
    await creditReward(t, root, agent.companyId, 100_000);
    const states: RequestState[] = ['awaiting', 'approving', 'awaiting_agent', 'paid_awaiting_agent', 'paid', 'declined'];
    for (const state of states) {
      for (const name of REQUEST_ACTION_NAMES) {
        const action = REQUEST_ACTIONS[name];
        const request = created(await create(agent.token, { amount: '20' }));
        await t.database.db.execute(sql`update withdrawal_requests set state = ${state} where id = ${request.id}`);
        const body = { id: request.id, action: name, comment: 'because' };
        const wrongSide = action.by === 'root' ? agent.token : root;
        const refused = await transition(wrongSide, body);
        expect(refused.statusCode, `${name} from ${state} by the wrong side`).toBe(403);
        const rightSide = action.by === 'root' ? root : agent.token;
        const res = await transition(rightSide, body);
        const allowed = (action.from as readonly string[]).includes(state);
        expect(res.statusCode, `${name} from ${state}: ${res.body}`).toBe(allowed ? 200 : 409);
        if (!allowed) expect(res.json()).toMatchObject({ code: 'request_state_invalid' });
        const [row] = await queryRows<{ state: string }>(t.database.db, sql`select state from withdrawal_requests where id = ${request.id}`);
        expect(row?.state).toBe(allowed ? action.to : state);
      }
    }
    // A company admin and a viewer have no access at all.
    expect((await transition(admin, { id: 1, action: 'take' })).statusCode).toBe(403);
  }, 120_000);

  it('declining releases the hold with a ledger row; a comment is required where the table says so', async () => {
    const agent = await makeAgent(t);
    await creditReward(t, root, agent.companyId, 10_000);
    const request = created(await create(agent.token, { amount: '100' }));
    expect(await rewardBalance(t, agent.companyId)).toBe(0);
    const noReason = await transition(root, { id: request.id, action: 'decline' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ fields: { comment: 'Fill the data' } });
    detail(await transition(root, { id: request.id, action: 'decline', comment: 'Details do not match the contract' }));
    expect(await rewardBalance(t, agent.companyId)).toBe(10_000);
    const again = await transition(root, { id: request.id, action: 'decline', comment: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(await rewardBalance(t, agent.companyId)).toBe(10_000);
  });

  it('amounts, minimum, balance, IBAN and payout details are validated, with localized errors, changing nothing', async () => {
    const agent = await makeAgent(t);
    await creditReward(t, root, agent.companyId, 5000);
    for (const amount of ['abc', '-10', '10.123', '0', '1e3', '10.', '']) {
      const res = await create(agent.token, { amount });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json()).toMatchObject({ code: 'withdrawal_amount_invalid' });
    }
    expect((await create(agent.token, { amount: '19.99' })).json()).toMatchObject({ code: 'withdrawal_below_minimum', message: 'The least amount to withdraw is 20.00 EUR' });
    const over = await create(agent.token, { amount: '50.01' }, );
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'withdrawal_over_balance', message: 'The amount is more than the available reward (50.00 EUR)' });
    const ru = await post(t.app, '/api/agent/requests/create', { amount: '50.01', method: 'other', details: 'x' }, { token: agent.token, lang: 'ru' });
    expect(ru.json()).toMatchObject({ message: 'Сумма больше доступного вознаграждения (50.00 EUR)' });
    const badIban = await create(agent.token, { amount: '20', method: 'iban', iban: 'DE89 3704 0044 0532 0130 01', holder: 'A' });
    expect(badIban.json()).toMatchObject({ code: 'validation_failed', fields: { iban: 'Invalid IBAN: check the account number' } });
    // An empty or left-out IBAN is missing, not invalid (issue 27.10).
    for (const iban of [{ iban: '' }, { iban: '   ' }, {}]) {
      const missing = await create(agent.token, { amount: '20', method: 'iban', holder: 'A', ...iban });
      expect(missing.json(), JSON.stringify(iban)).toMatchObject({ code: 'validation_failed', fields: { iban: 'Fill the data' } });
    }
    expect((await create(agent.token, { amount: '20', method: 'iban', iban: 'GB82WEST12345698765432' })).json()).toMatchObject({ fields: { holder: 'Fill the data' } });
    expect((await create(agent.token, { amount: '20', method: 'other', details: '' })).statusCode).toBe(400);
    expect(await rewardBalance(t, agent.companyId)).toBe(5000);
    const [count] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from withdrawal_requests where company_id = ${agent.companyId}`);
    expect(count?.n).toBe(0);
    // Exactly the balance is fine ("50,00" with a comma too).
    created(await create(agent.token, { amount: '50,00' }));
    expect(await rewardBalance(t, agent.companyId)).toBe(0);
    // Root does not ask for payouts itself.
    expect((await create(root, { amount: '20' })).statusCode).toBe(403);
  });

  it('attachments: a wrong type or an oversized file gets a clear error and changes nothing', async () => {
    const agent = await makeAgent(t);
    await creditReward(t, root, agent.companyId, 5000);
    const request = created(await create(agent.token, { amount: '20' }));
    detail(await transition(root, { id: request.id, action: 'take' }));
    detail(await transition(root, { id: request.id, action: 'ask', comment: 'Act please' }));
    const html = await transition(agent.token, { id: request.id, action: 'answer', comment: 'here', attachment: attachment(Buffer.from('<html>not a pdf</html>'), 'act.pdf') });
    expect(html.statusCode).toBe(422);
    expect(html.json()).toMatchObject({ code: 'attachment_invalid', message: 'The attachment must be a PDF, PNG or JPEG file' });
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await transition(agent.token, { id: request.id, action: 'answer', comment: 'here', attachment: attachment(big) }, 'ru');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'attachment_too_large', message: 'Вложение больше 2 МБ' });
    const [row] = await queryRows<{ state: string; files: number }>(t.database.db, sql`
      select state, (select count(*)::int from withdrawal_files where request_id = ${request.id}) as files from withdrawal_requests where id = ${request.id}`);
    expect(row).toEqual({ state: 'awaiting_agent', files: 0 });
  });

  it('racing requests never hold more than the balance together', async () => {
    const agent = await makeAgent(t, 'race');
    await creditReward(t, root, agent.companyId, 10_000);
    // 12 requests of 30 EUR race for 100 EUR: exactly 3 fit.
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(agent.token, { amount: '30' })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    const [held] = await queryRows<{ s: string | number }>(t.database.db, sql`
      select coalesce(sum(amount_cents), 0) as s from withdrawal_requests where company_id = ${agent.companyId}`);
    expect(Number(held?.s)).toBe(9000);
    expect(await rewardBalance(t, agent.companyId)).toBe(1000);
    expect(await agentLedgerSum(t, agent.companyId)).toBe(1000);
  }, 60_000);

  it('racing transitions of one request: only one wins, and a hold is released once', async () => {
    const agent = await makeAgent(t);
    await creditReward(t, root, agent.companyId, 10_000);
    const taken = created(await create(agent.token, { amount: '20' }));
    const takes = await Promise.all([1, 2, 3].map(() => transition(root, { id: taken.id, action: 'take' })));
    expect(takes.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const request = created(await create(agent.token, { amount: '80' }));
    const declines = await Promise.all(['a', 'b', 'c'].map((comment) => transition(root, { id: request.id, action: 'decline', comment })));
    expect(declines.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await rewardBalance(t, agent.companyId)).toBe(10_000 - 2000);
    expect(await agentLedgerSum(t, agent.companyId)).toBe(10_000 - 2000);
  });

  it('an agent sees only its own requests, companies and ledger (404 otherwise); root sees all with filters', async () => {
    const mine = await makeAgent(t, 'mine');
    const other = await makeAgent(t, 'other');
    await creditReward(t, root, mine.companyId, 10_000);
    const request = created(await create(mine.token, { amount: '25' }));
    expect((await post(t.app, '/api/agent/requests/get', { id: request.id }, { token: other.token })).statusCode).toBe(404);
    expect((await transition(other.token, { id: request.id, action: 'answer', comment: 'x' })).statusCode).toBe(404);
    const otherList = await post(t.app, '/api/agent/requests/list', {}, { token: other.token });
    expect(otherList.json<{ result: { total: number } }>().result.total).toBe(0);
    expect((await post(t.app, '/api/agent/info', { agent_company_id: mine.companyId }, { token: other.token })).statusCode).toBe(404);
    expect((await post(t.app, '/api/agent/companies', { agent_company_id: mine.companyId }, { token: other.token })).statusCode).toBe(404);
    const [referred] = await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from companies where agent_company_id = ${mine.companyId} limit 1`);
    expect((await post(t.app, '/api/agent/ledger', { filter: { company: referred?.id } }, { token: other.token })).statusCode).toBe(404);
    // Root: every agent, filtered by agent, state and period.
    const byAgent = await post(t.app, '/api/agent/requests/list', { filter: { agent: mine.companyId, state: 'awaiting' } }, { token: root });
    expect(byAgent.json<{ result: { items: Array<{ id: number }> } }>().result.items.map((i) => i.id)).toEqual([request.id]);
    const future = await post(t.app, '/api/agent/requests/list', { filter: { agent: mine.companyId, from: Math.floor(Date.now() / 1000) + 3600 } }, { token: root });
    expect(future.json<{ result: { total: number } }>().result.total).toBe(0);
    const info = await post(t.app, '/api/agent/info', { agent_company_id: mine.companyId }, { token: root });
    expect(info.json()).toMatchObject({ result: { held_cents: 2500, balance_cents: 7500 } });
    // Root names a company that is not an agent: 404.
    const [demo] = await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from companies where name = 'Demo Logistics LLC'`);
    expect((await post(t.app, '/api/agent/info', { agent_company_id: demo?.id }, { token: root })).statusCode).toBe(404);
  });
});
