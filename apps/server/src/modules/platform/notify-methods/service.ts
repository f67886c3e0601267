import type { AuditAction } from '@cab/contract/company-audit';
import type {
  NotifyDelivery,
  NotifyDeliveryListRequest,
  NotifyDeliveryListResult,
  NotifyMethod,
  NotifyMethodCreateRequest,
  NotifyMethodListResult,
  NotifyMethodType,
  NotifyMethodUpdateRequest,
  NotifyTestResult,
} from '@cab/contract/notify-methods';
import { NOTIFY_DELIVERY_STATUSES, isValidDestination } from '@cab/contract/notify-methods';
import type PgBoss from 'pg-boss';
import { hasPermission, type Principal } from '../../../auth/principal.js';
import type { Db, Executor } from '../../../db/client.js';
import { isRefusedWebhookUrl } from '../../../delivery/outbound-address.js';
import { isAllowedHost, type AllowedHost } from '../../../delivery/outbound-allow.js';
import { createWebhookSecret } from '../../../delivery/webhook.js';
import { AppError, type FieldProblem } from '../../../http/errors.js';
import { NOTIFY_TEST_TEXT } from '../../../http/messages.js';
import { insertAudit } from '../audit/index.js';
import { findExistingCompanies } from '../../accounts/companies/index.js';
import { DeliveryError } from '../../../delivery/http.js';
import { deliverOnce, type DeliverDeps } from './deliver.js';
import { type DeliveryRetry } from './jobs.js';
import * as repo from './repository.js';
import { forgetSimWebhookCompanies } from './sim-event-webhooks.js';

export interface NotifyMethodsDeps {
  db: Db;
  jobs: PgBoss;
  retry: DeliveryRetry;
  /** OUTBOUND_ALLOW_HOSTS: webhook hosts accepted although they name a local or private address. */
  allowHosts: readonly AllowedHost[];
  /** Channels for the test-send, which is tried in the request (not queued). */
  deliver: DeliverDeps;
}

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toMethod(row: repo.MethodRow): NotifyMethod {
  return {
    id: row.id,
    company_id: row.companyId,
    type: row.type as NotifyMethodType,
    destination: row.destination,
    sim: row.flagSim,
    billing: row.flagBilling,
    notify: row.flagNotify,
    secret: row.secret,
    created: toSeconds(row.createdAt),
  };
}

function toDelivery(row: repo.DeliveryRow): NotifyDelivery {
  return {
    id: row.id,
    method_id: row.methodId,
    notification_id: row.notificationId,
    status: NOTIFY_DELIVERY_STATUSES.find((s) => s === row.status) ?? 'pending',
    attempts: row.attempts,
    response_status: row.responseStatus,
    last_error: row.lastError,
    created: toSeconds(row.createdAt),
    delivered: row.deliveredAt ? toSeconds(row.deliveredAt) : null,
  };
}

/**
 * The company a call acts on: root any existing company it names (its own by default); everyone
 * else only their own — naming another answers 404, as if it did not exist.
 */
async function targetCompany(db: Db, principal: Principal, requested: number | undefined): Promise<number> {
  if (requested === undefined || requested === principal.companyId) return principal.companyId;
  if (!hasPermission(principal, 'companies.all')) throw new AppError('not_found');
  if ((await findExistingCompanies(db, [requested])).length === 0) throw new AppError('not_found');
  return requested;
}

const DESTINATION_PROBLEM: Record<NotifyMethodType, FieldProblem> = {
  0: 'notifyEmail',
  1: 'notifyWebhook',
  2: 'notifyWhatsapp',
  3: 'notifyTelegram',
};

/**
 * A webhook aimed at this machine or a private network is refused at once, so the admin learns why;
 * the delivery still checks every address after DNS, which is what really protects.
 */
function refusesWebhook(destination: string, allowHosts: readonly AllowedHost[]): boolean {
  const url = new URL(destination);
  return !isAllowedHost(url, allowHosts) && isRefusedWebhookUrl(url);
}

function methodFields(
  deps: Pick<NotifyMethodsDeps, 'allowHosts'>,
  request: NotifyMethodCreateRequest,
  previous?: repo.MethodRow,
): repo.MethodFields {
  if (!isValidDestination(request.type, request.destination)) {
    throw new AppError('validation_failed', { destination: DESTINATION_PROBLEM[request.type] });
  }
  if (request.type === 1 && refusesWebhook(request.destination, deps.allowHosts)) {
    throw new AppError('validation_failed', { destination: 'notifyWebhookAddress' });
  }
  const keepSecret = previous?.type === 1 && previous.secret ? previous.secret : null;
  return {
    type: request.type,
    destination: request.destination,
    flagSim: request.sim,
    flagBilling: request.billing,
    flagNotify: request.notify,
    secret: request.type === 1 ? (keepSecret ?? createWebhookSecret()) : null,
  };
}

async function audit(
  db: Executor,
  principal: Principal,
  companyId: number,
  action: AuditAction,
  details: Record<string, unknown>,
) {
  await insertAudit(db, {
    companyId,
    userId: principal.userId,
    impersonatorId: principal.impersonatorId,
    action,
    details,
  });
}

export async function listMethods(
  db: Db,
  principal: Principal,
  companyId: number | undefined,
): Promise<NotifyMethodListResult> {
  const company = await targetCompany(db, principal, companyId);
  const items = (await repo.listMethods(db, company)).map(toMethod);
  return { items, total: items.length };
}

export async function createMethod(
  deps: NotifyMethodsDeps,
  principal: Principal,
  request: NotifyMethodCreateRequest,
): Promise<NotifyMethod> {
  const { db } = deps;
  const company = await targetCompany(db, principal, request.company_id);
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertMethod(tx, company, methodFields(deps, request));
    await audit(tx, principal, company, 'notify_method_create', {
      id: inserted.id,
      type: inserted.type,
      destination: inserted.destination,
    });
    return inserted;
  });
  forgetSimWebhookCompanies();
  return toMethod(row);
}

export async function updateMethod(
  deps: NotifyMethodsDeps,
  principal: Principal,
  request: NotifyMethodUpdateRequest,
): Promise<NotifyMethod> {
  const { db } = deps;
  const company = await targetCompany(db, principal, request.company_id);
  const previous = await repo.findMethod(db, company, request.id);
  if (!previous) throw new AppError('not_found');
  const row = await db.transaction(async (tx) => {
    const updated = await repo.updateMethod(tx, company, request.id, methodFields(deps, request, previous));
    if (!updated) throw new AppError('not_found');
    await audit(tx, principal, company, 'notify_method_update', {
      id: updated.id,
      type: updated.type,
      destination: updated.destination,
    });
    return updated;
  });
  forgetSimWebhookCompanies();
  return toMethod(row);
}

export async function deleteMethod(
  db: Db,
  principal: Principal,
  companyId: number | undefined,
  id: number,
): Promise<void> {
  const company = await targetCompany(db, principal, companyId);
  await db.transaction(async (tx) => {
    if (!(await repo.deleteMethod(tx, company, id))) throw new AppError('not_found');
    await audit(tx, principal, company, 'notify_method_delete', { id });
  });
  forgetSimWebhookCompanies();
}

/** Queues a test message to one method; its outcome shows in the method's delivery log. */
export async function testMethod(
  deps: NotifyMethodsDeps,
  principal: Principal,
  companyId: number | undefined,
  id: number,
): Promise<NotifyTestResult> {
  const company = await targetCompany(deps.db, principal, companyId);
  const method = await repo.findMethod(deps.db, company, id);
  if (!method) throw new AppError('not_found');
  const row = await repo.insertDelivery(deps.db, {
    companyId: company,
    methodId: method.id,
    notificationId: null,
    eventKey: null,
    payload: {
      id: null,
      event_key: null,
      type: 'info',
      category: 'notify',
      text: NOTIFY_TEST_TEXT[principal.lang],
      created_at: new Date().toISOString(),
      company_id: company,
      test: true,
    },
  });
  if (!row) throw new Error('test delivery insert returned nothing');
  // Tried now, once, bounded by NOTIFY_TIMEOUT_MS (no transaction is open): the answer is the real
  // outcome, and the log shows the same, never "pending" next to an error.
  await repo.countAttempt(deps.db, company, row.id);
  let outcome: Pick<NotifyTestResult, 'status' | 'response_status' | 'error'>;
  try {
    const result = await deliverOnce(deps.deliver, method, row);
    outcome = { status: 'sent', response_status: result.responseStatus, error: null };
  } catch (error) {
    const failure = error instanceof DeliveryError ? error : new DeliveryError('delivery_failed');
    outcome = { status: 'failed', response_status: failure.responseStatus, error: failure.message.slice(0, 500) };
  }
  await repo.recordOutcome(deps.db, company, row.id, {
    status: outcome.status,
    responseStatus: outcome.response_status,
    lastError: outcome.error,
  });
  return { delivery_id: row.id, ...outcome };
}

export async function listDeliveries(
  db: Db,
  principal: Principal,
  request: NotifyDeliveryListRequest,
): Promise<NotifyDeliveryListResult> {
  const company = await targetCompany(db, principal, request.company_id);
  if (!(await repo.findMethod(db, company, request.id))) throw new AppError('not_found');
  const { items, total } = await repo.listDeliveries(db, company, request.id, request.page, request.size);
  return { items: items.map(toDelivery), total };
}
