import {
  AGENT_LEDGER_KINDS,
  parseRateBp,
  type AgentAssignRequest,
  type AgentCompaniesRequest,
  type AgentCompaniesResult,
  type AgentInfo,
  type AgentLedgerRequest,
  type AgentLedgerResult,
  type AgentListResult,
  type AgentRateRequest,
} from '@cab/contract/agents';
import { hasPermission, type Principal } from '../../../auth/principal.js';
import { AppError } from '../../../http/errors.js';
import { insertAudit } from '../../platform/audit/index.js';
import { ensureAgentAccount, isAgentCompany, listAgents, type AgentAccount } from './accounts-repository.js';
import * as repo from './info-repository.js';
import type { AgentDeps } from './requests-service.js';

const MONTHS_SHOWN = 12;
const toUnix = (value: Date | string) => Math.floor(new Date(value).getTime() / 1000);

function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

export class AgentInfoService {
  constructor(private readonly deps: AgentDeps) {}

  /**
   * The agent whose panel is asked for: an agent's own company (whatever it names), or for root the
   * agent it names. Anything that is not an agent answers 404.
   */
  private async agentOf(principal: Principal, named: number | undefined): Promise<AgentAccount> {
    const anyAgent = hasPermission(principal, 'companies.all');
    const companyId = anyAgent ? named : principal.companyId;
    if (!anyAgent && named !== undefined && named !== principal.companyId) throw new AppError('not_found');
    if (companyId === undefined) throw new AppError('validation_failed', { agent_company_id: 'required' });
    const account = await ensureAgentAccount(this.deps.db, companyId);
    if (!account) throw new AppError('not_found');
    return account;
  }

  async info(principal: Principal, named: number | undefined): Promise<AgentInfo> {
    const account = await this.agentOf(principal, named);
    const { db } = this.deps;
    const totals = await repo.totals(db, account.companyId);
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS_SHOWN - 1), 1));
    const byMonth = await repo.rewardsByMonth(db, account.companyId, first.toISOString());
    const months = Array.from({ length: MONTHS_SHOWN }, (_, i) => {
      const month = monthKey(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1)));
      return { month, cents: byMonth.get(month) ?? 0 };
    });
    return {
      agent_company_id: account.companyId,
      agent_name: account.name,
      referral_code: account.referralCode,
      rate_bp: account.rewardBp ?? this.deps.defaultRateBp,
      rate_is_default: account.rewardBp === null,
      balance_cents: account.balanceCents,
      held_cents: totals.held,
      earned_cents: totals.earned,
      paid_out_cents: totals.paidOut,
      min_withdrawal_cents: this.deps.minWithdrawalCents,
      months,
    };
  }

  async companies(principal: Principal, request: AgentCompaniesRequest): Promise<AgentCompaniesResult> {
    const account = await this.agentOf(principal, request.agent_company_id);
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const { rows, total } = await repo.referredCompanies(this.deps.db, {
      agentId: account.companyId,
      page: request.page ?? 0,
      size: request.size ?? 10,
      column: request.sort?.column ?? 'name',
      direction: request.sort?.direction ?? 'asc',
      monthStart,
    });
    return {
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        sims: Number(r.sims),
        paid_month_cents: Number(r.paid_month_cents),
        earned_cents: Number(r.earned_cents),
        since: toUnix(r.created_at),
      })),
      total,
    };
  }

  /** The reward ledger with the spec's deposit filter; a company filter must name a referred company. */
  async ledger(principal: Principal, request: AgentLedgerRequest): Promise<AgentLedgerResult> {
    const account = await this.agentOf(principal, request.agent_company_id);
    const filter = request.filter ?? {};
    if (filter.company !== undefined && !(await repo.isReferredBy(this.deps.db, filter.company, account.companyId))) {
      throw new AppError('not_found');
    }
    const { rows, total } = await repo.agentLedger(this.deps.db, {
      agentId: account.companyId,
      company: filter.company,
      type: filter.type,
      page: request.page ?? 0,
      size: request.size ?? 10,
    });
    return {
      items: rows.map((r) => ({
        id: r.id,
        added: toUnix(r.created_at),
        kind: AGENT_LEDGER_KINDS.find((k) => k === r.kind) ?? 'agent_reward',
        amount_cents: Number(r.amount_cents),
        balance_after_cents: Number(r.balance_after_cents),
        source_company_name: r.source_company_name,
        bill_number: r.bill_number,
        request_id: r.request_id,
      })),
      total,
    };
  }

  async list(): Promise<AgentListResult> {
    const agents = await listAgents(this.deps.db);
    const items = [];
    for (const agent of agents) {
      const account = await ensureAgentAccount(this.deps.db, agent.id);
      if (account) items.push({ id: agent.id, name: agent.name, referral_code: account.referralCode, rate_bp: account.rewardBp ?? this.deps.defaultRateBp });
    }
    return { items, total: items.length };
  }

  /** Root sets an agent's reward rate ("" returns it to the default); audited. Only future rewards use it. */
  async setRate(principal: Principal, request: AgentRateRequest): Promise<AgentInfo> {
    const bp = request.rate.trim() === '' ? null : parseRateBp(request.rate);
    if (bp === null && request.rate.trim() !== '') throw new AppError('validation_failed', { rate: 'rate' });
    const account = await ensureAgentAccount(this.deps.db, request.agent_company_id);
    if (!account) throw new AppError('not_found');
    await this.deps.db.transaction(async (tx) => {
      await repo.setRate(tx, account.companyId, bp);
      await insertAudit(tx, {
        companyId: account.companyId,
        userId: principal.userId,
        impersonatorId: principal.impersonatorId,
        action: 'agent_rate',
        details: { from_bp: account.rewardBp, to_bp: bp },
      });
    });
    return this.info(principal, account.companyId);
  }

  /** Root sets or clears a company's agent; audited. Rewards already credited stay with their agent. */
  async assign(principal: Principal, request: AgentAssignRequest): Promise<{ company_id: number; agent_company_id: number | null }> {
    const { db } = this.deps;
    if (request.agent_company_id !== null) {
      if (request.agent_company_id === request.company_id || !(await isAgentCompany(db, request.agent_company_id))) {
        throw new AppError('validation_failed', { agent_company_id: 'invalid' });
      }
      await ensureAgentAccount(db, request.agent_company_id);
    }
    await db.transaction(async (tx) => {
      const current = await repo.findCompanyAgent(tx, request.company_id);
      if (!current) throw new AppError('not_found');
      await repo.setCompanyAgent(tx, request.company_id, request.agent_company_id);
      await insertAudit(tx, {
        companyId: request.company_id,
        userId: principal.userId,
        impersonatorId: principal.impersonatorId,
        action: 'agent_assign',
        details: { from: current.agent, to: request.agent_company_id },
      });
    });
    return { company_id: request.company_id, agent_company_id: request.agent_company_id };
  }
}
