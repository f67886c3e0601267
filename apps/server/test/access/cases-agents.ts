import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import type { TestApp } from '../support/test-app.js';
import type { AccessCase, Who } from './cases.js';

/** The seeded demo agent's objects the agent routes act on. */
export interface AgentFixtures {
  agencyId: number;
  /** A request in state awaiting: root takes it, the agent's answer then finds it approving (409). */
  awaiting: number;
  /** An attachment of one of the agent's requests. */
  file: number;
  referred: number;
}

export async function agentFixtures(t: TestApp): Promise<AgentFixtures> {
  const db = t.database.db;
  const [agency] = await queryRows<{ id: number }>(db, sql`select company_id::int as id from users where email = 'agent@demo.local'`);
  const agencyId = agency?.id ?? 0;
  const [awaiting] = await queryRows<{ id: number }>(db, sql`
    select id::int as id from withdrawal_requests where company_id = ${agencyId} and state = 'awaiting' order by id limit 1`);
  const key = `${agencyId}/agent-requests/${awaiting?.id}/matrix.pdf`;
  await t.files.write(key, Readable.from([Buffer.from('%PDF-1.4 matrix')]));
  const [file] = await queryRows<{ id: number }>(db, sql`
    insert into withdrawal_files (company_id, request_id, name, type, bytes, storage_key)
    values (${agencyId}, ${awaiting?.id}, 'matrix.pdf', 'application/pdf', 15, ${key}) returning id::int as id`);
  const [referred] = await queryRows<{ id: number }>(db, sql`select id::int as id from companies where agent_company_id = ${agencyId} order by id limit 1`);
  return { agencyId, awaiting: awaiting?.id ?? 0, file: file?.id ?? 0, referred: referred?.id ?? 0 };
}

/** Root names the agent; the agent's own calls name nobody. */
const agentRef = (f: { agent: AgentFixtures }, who: Who) => (who === 'root' ? { agent_company_id: f.agent.agencyId } : {});

/**
 * The agent panel and withdrawal requests: the agent and root only. Isolation between two agents
 * (another agent's request, file, panel and referred company answer 404) is in agents-requests.test.ts,
 * since the matrix's "other" caller is a company admin, who has no agent permission at all.
 */
export const AGENT_CASES: AccessCase[] = [
  { method: 'POST', path: '/api/agent/info', access: 'agent.requests', request: (f, who) => agentRef(f, who) },
  { method: 'POST', path: '/api/agent/companies', access: 'agent.requests', request: (f, who) => ({ ...agentRef(f, who), page: 0, size: 5 }) },
  { method: 'POST', path: '/api/agent/ledger', access: 'agent.requests', request: (f, who) => ({ ...agentRef(f, who), page: 0, size: 5 }) },
  { method: 'POST', path: '/api/agent/requests/list', access: 'agent.requests', request: () => ({ page: 0, size: 5 }) },
  { method: 'POST', path: '/api/agent/requests/get', access: 'agent.requests', request: (f) => ({ id: f.agent.awaiting }) },
  {
    method: 'POST',
    path: '/api/agent/requests/create',
    access: 'agent.requests',
    request: () => ({ amount: '20', method: 'other', details: 'matrix' }),
    // Only an agent asks for a payout; root holds the permission to act on requests, not to make them.
    ok: (who) => (who === 'root' ? [403] : [200]),
  },
  {
    method: 'POST',
    path: '/api/agent/requests/transition',
    access: 'agent.requests',
    request: (f, who) => ({ id: f.agent.awaiting, action: who === 'root' ? 'take' : 'answer', comment: 'matrix' }),
    ok: (who) => (who === 'agent' ? [409] : [200]),
  },
  { method: 'GET', path: '/api/agent/requests/file', access: 'agent.requests', request: (f) => `id=${f.agent.file}` },
  { method: 'POST', path: '/api/agent/list', access: 'companies.manage', request: () => ({}) },
  { method: 'POST', path: '/api/agent/rate', access: 'companies.manage', request: (f) => ({ agent_company_id: f.agent.agencyId, rate: '10' }) },
  {
    method: 'POST',
    path: '/api/agent/assign',
    access: 'companies.manage',
    request: (f) => ({ company_id: f.agent.referred, agent_company_id: f.agent.agencyId }),
  },
];
