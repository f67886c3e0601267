import {
  actionsFor,
  isValidIban,
  normalizeIban,
  parseWithdrawalCents,
  REQUEST_ACTIONS,
  REQUEST_ACTION_NAMES,
  REQUEST_STATES,
  ATTACHMENT_TYPES,
  PAYOUT_METHODS,
  type RequestDetail,
  type RequestListRequest,
  type RequestListResult,
  type RequestState,
  type RequestTransitionRequest,
  type WithdrawalCreateRequest,
  type WithdrawalRequest,
} from '@cab/contract/agents';
import type { Readable } from 'node:stream';
import { hasPermission, type Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { EventBus } from '../../../realtime/bus.js';
import type { FileStore } from '../../../storage/file-store.js';
import { insertAudit } from '../../platform/audit/index.js';
import { inEveryLang, type NotificationEvent, notifyEvents } from '../../platform/notify/index.js';
import { BalanceInsufficientError, postLedgerEntry } from '../ledger/index.js';
import { agentUsers, ensureAgentAccount, rootUsers } from './accounts-repository.js';
import { checkAttachment, downloadName, storeAttachment, type CheckedAttachment } from './attachments.js';
import * as repo from './requests-repository.js';
import { requestNoticeText } from './texts.js';

export interface AgentDeps {
  db: Db;
  bus: EventBus;
  files: FileStore;
  /** Reward rate of an agent without its own, basis points. */
  defaultRateBp: number;
  minWithdrawalCents: number;
}

const toUnix = (value: Date | string) => Math.floor(new Date(value).getTime() / 1000);
const stateOf = (value: string): RequestState => REQUEST_STATES.find((s) => s === value) ?? 'awaiting';

export function toRequest(row: repo.RequestRow): WithdrawalRequest {
  return {
    id: row.id,
    agent_company_id: row.company_id,
    agent_name: row.agent_name,
    amount_cents: Number(row.amount_cents),
    state: stateOf(row.state),
    method: PAYOUT_METHODS.find((m) => m === row.method) ?? 'other',
    iban: row.iban,
    holder: row.holder,
    details: row.details,
    created: toUnix(row.created_at),
    updated: toUnix(row.updated_at),
  };
}

/** Root sees every agent's requests; an agent only its own company's (others answer 404). */
function viewerScope(principal: Principal): number | null {
  return hasPermission(principal, 'companies.all') ? null : principal.companyId;
}

const sideOf = (principal: Principal): 'root' | 'agent' => (hasPermission(principal, 'companies.all') ? 'root' : 'agent');

const eur = (cents: number) => (cents / 100).toFixed(2);

export class WithdrawalService {
  constructor(private readonly deps: AgentDeps) {}

  async list(principal: Principal, request: RequestListRequest): Promise<RequestListResult> {
    const scope = viewerScope(principal);
    const filter = request.filter ?? {};
    const { rows, total } = await repo.listRequests(this.deps.db, {
      agentCompanyId: scope,
      state: filter.state,
      agent: filter.agent,
      from: filter.from,
      to: filter.to,
      page: request.page ?? 0,
      size: request.size ?? 25,
    });
    return { items: rows.map(toRequest), total };
  }

  async get(principal: Principal, id: number): Promise<RequestDetail> {
    const row = await repo.findRequest(this.deps.db, id, viewerScope(principal));
    if (!row) throw new AppError('not_found');
    const events = await repo.listEvents(this.deps.db, row.company_id, row.id);
    const request = toRequest(row);
    return {
      request,
      events: events.map((e) => ({
        id: e.id,
        at: toUnix(e.created_at),
        action: REQUEST_ACTION_NAMES.find((a) => a === e.action) ?? null,
        from_state: e.from_state === null ? null : stateOf(e.from_state),
        to_state: stateOf(e.to_state),
        side: e.side === 'root' ? 'root' : 'agent',
        author: `${e.first_name ?? ''} ${e.last_name ?? ''}`.trim(),
        comment: e.comment,
        attachment:
          e.file_id === null
            ? null
            : { id: e.file_id, name: e.file_name ?? '', type: ATTACHMENT_TYPES.find((x) => x === e.file_type) ?? 'application/pdf', bytes: Number(e.file_bytes ?? 0) },
      })),
      actions: principal.kind === 'user' ? actionsFor(sideOf(principal), request.state) : [],
    };
  }

  /**
   * The agent asks for a payout. The amount is held at once by a ledger row that may not take the
   * reward balance below zero (the agent row is locked and the balance moved by one conditional
   * UPDATE), so racing requests can never hold more than the balance together.
   */
  async create(principal: Principal, body: WithdrawalCreateRequest): Promise<WithdrawalRequest> {
    // Only an agent asks (the gate: AGENT_API.requestsCreate requires 'agent.withdraw').
    const amountCents = parseWithdrawalCents(body.amount);
    if (amountCents === null) throw new AppError('withdrawal_amount_invalid', { amount: 'withdrawalAmount' });
    if (amountCents < this.deps.minWithdrawalCents) {
      throw new AppError('withdrawal_below_minimum', { amount: 'belowMinimum' }, { min: eur(this.deps.minWithdrawalCents) });
    }
    const payout = checkPayout(body);
    const { db } = this.deps;
    const account = await ensureAgentAccount(db, principal.companyId);
    if (!account) throw new AppError('not_an_agent');
    const id = await db
      .transaction(async (tx) => {
        const requestId = await repo.insertRequest(tx, { companyId: principal.companyId, amountCents, ...payout, createdBy: principal.userId });
        await postLedgerEntry(tx, {
          companyId: principal.companyId,
          kind: 'withdrawal_hold',
          amountCents: -amountCents,
          requestId,
          authorId: principal.userId,
          idempotencyKey: `withdrawal:${requestId}:hold`,
          notBelowZero: true,
        });
        await repo.insertEvent(tx, {
          companyId: principal.companyId,
          requestId,
          action: null,
          fromState: null,
          toState: 'awaiting',
          side: 'agent',
          actorId: principal.userId,
          comment: body.comment?.length ? body.comment : null,
          attachmentId: null,
        });
        await insertAudit(tx, {
          companyId: principal.companyId,
          userId: principal.userId,
          impersonatorId: principal.impersonatorId,
          action: 'withdrawal_create',
          details: { id: requestId, amount_cents: amountCents, method: payout.method },
        });
        return requestId;
      })
      .catch(async (error: unknown) => {
        // The ledger refused the hold: for an agent that is a withdrawal over the reward balance.
        if (error instanceof BalanceInsufficientError) {
          const now = await ensureAgentAccount(db, principal.companyId);
          throw new AppError('withdrawal_over_balance', { amount: 'invalid' }, { available: eur(Math.max(0, now?.balanceCents ?? 0)) });
        }
        throw error;
      });
    const row = await repo.findRequest(db, id, principal.companyId);
    if (!row) throw new AppError('not_found');
    await this.tell('root', row, 'awaiting', principal.userId);
    return toRequest(row);
  }

  /** One transition of the spec's state table (REQUEST_ACTIONS): who, from where, with what comment. */
  async transition(principal: Principal, body: RequestTransitionRequest): Promise<RequestDetail> {
    const scope = viewerScope(principal);
    if (principal.kind !== 'user') throw new AppError('forbidden');
    const row = await repo.findRequest(this.deps.db, body.id, scope);
    if (!row) throw new AppError('not_found');
    const action = REQUEST_ACTIONS[body.action];
    const side = sideOf(principal);
    if (action.by !== side) throw new AppError('forbidden');
    const comment = body.comment?.length ? body.comment : null;
    if (action.comment === 'required' && comment === null) throw new AppError('validation_failed', { comment: 'required' });
    if (!(action.from as readonly string[]).includes(row.state)) throw new AppError('request_state_invalid');
    const file: CheckedAttachment | null = body.attachment ? checkAttachment(body.attachment) : null;
    const key = file ? await storeAttachment(this.deps.files, row.company_id, row.id, file) : null;
    try {
      await this.deps.db.transaction(async (tx) => {
        if (!(await repo.moveRequest(tx, row.company_id, row.id, action.from, action.to))) throw new AppError('request_state_invalid');
        if (body.action === 'decline') {
          // The hold goes back: the request never paid anything out.
          await postLedgerEntry(tx, {
            companyId: row.company_id,
            kind: 'withdrawal_release',
            amountCents: Number(row.amount_cents),
            requestId: row.id,
            authorId: principal.userId,
            idempotencyKey: `withdrawal:${row.id}:release`,
          });
        }
        const attachmentId =
          file && key
            ? await repo.insertFile(tx, { companyId: row.company_id, requestId: row.id, name: file.name, type: file.type, bytes: file.bytes.length, storageKey: key })
            : null;
        await repo.insertEvent(tx, {
          companyId: row.company_id,
          requestId: row.id,
          action: body.action,
          fromState: row.state,
          toState: action.to,
          side,
          actorId: principal.userId,
          comment,
          attachmentId,
        });
        await insertAudit(tx, {
          companyId: row.company_id,
          userId: principal.userId,
          impersonatorId: principal.impersonatorId,
          action: `withdrawal_${body.action}`,
          details: { id: row.id, from: row.state, to: action.to, attachment_id: attachmentId },
        });
      });
    } catch (error) {
      if (key) await this.deps.files.remove(key);
      throw error;
    }
    await this.tell(side === 'root' ? 'agent' : 'root', row, action.to, principal.userId);
    return this.get(principal, row.id);
  }

  /** An attachment's bytes, for the request's agent and root only (anyone else: 404). */
  async file(principal: Principal, fileId: number): Promise<{ stream: Readable; type: string; name: string }> {
    const found = await repo.findFile(this.deps.db, fileId, viewerScope(principal));
    if (!found) throw new AppError('not_found');
    const stream = await this.deps.files.read(found.storage_key);
    if (!stream) throw new AppError('not_found');
    const type = ATTACHMENT_TYPES.find((x) => x === found.type) ?? 'application/pdf';
    return { stream, type, name: downloadName(found.request_id, found.id, type) };
  }

  /**
   * Tells the other side (notification rows, the `notify` websocket event and the notification methods
   * of each told company), after the commit.
   */
  private async tell(to: 'root' | 'agent', row: repo.RequestRow, state: RequestState, actorId: number): Promise<void> {
    const { db, bus } = this.deps;
    const amount = Number(row.amount_cents);
    const recipients = to === 'agent' ? (await agentUsers(db, row.company_id)).map((u) => ({ ...u, companyId: row.company_id })) : await rootUsers(db);
    const byCompany = new Map<number, NotificationEvent>();
    const text = inEveryLang((lang) => requestNoticeText(row.id, amount, state, lang));
    for (const user of recipients) {
      const event = byCompany.get(user.companyId) ?? { companyId: user.companyId, category: 'billing', type: state === 'declined' ? 'warning' : 'success', text, recipients: [] };
      event.recipients.push({ userId: user.id, lang: user.lang, popup: user.id !== actorId });
      byCompany.set(user.companyId, event);
    }
    await notifyEvents(db, bus, [...byCompany.values()]);
  }
}

/** Payout details: an IBAN (checked) with its holder, or another method described in words. */
function checkPayout(body: WithdrawalCreateRequest): { method: string; iban: string | null; holder: string | null; details: string | null } {
  if (body.method === 'iban') {
    const fields: Record<string, 'iban' | 'required'> = {};
    // Empty is missing ("Fill the data"), not an invalid IBAN.
    if (!body.iban?.trim()) fields.iban = 'required';
    else if (!isValidIban(body.iban)) fields.iban = 'iban';
    if (!body.holder) fields.holder = 'required';
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', fields);
    return { method: 'iban', iban: normalizeIban(body.iban ?? ''), holder: body.holder ?? null, details: body.details?.length ? body.details : null };
  }
  if (!body.details) throw new AppError('validation_failed', { details: 'required' });
  return { method: 'other', iban: null, holder: body.holder?.length ? body.holder : null, details: body.details };
}

