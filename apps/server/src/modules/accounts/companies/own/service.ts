import {
  COMPANY_ADMIN_FIELDS,
  COMPANY_ROOT_FIELDS,
  type CompanyDetails,
  type CompanyField,
  type CompanyUpdateRequest,
} from '@cab/contract/company';
import { hasPermission, mayWrite, type Principal } from '../../../../auth/principal.js';
import type { Db } from '../../../../db/client.js';
import { AppError } from '../../../../http/errors.js';
import { auditActor, insertAudit } from '../../../platform/audit/index.js';
import { hasSecondFactor, signOutUsersWithoutSecondFactor } from '../../two-factor/index.js';
import { centsToEur } from '../../../../formats/money.js';
import { resolveCompanyId } from './access.js';
import * as repo from './repository.js';

/** The fields this principal may change: admins the contact fields, root the contract terms too. */
function editableFields(principal: Principal): CompanyField[] {
  if (!hasPermission(principal, 'company.edit')) return [];
  if (hasPermission(principal, 'companies.manage')) return [...COMPANY_ADMIN_FIELDS, ...COMPANY_ROOT_FIELDS];
  return mayWrite(principal) ? [...COMPANY_ADMIN_FIELDS] : [];
}

export async function getCompany(
  db: Db,
  principal: Principal,
  requestedId: number | undefined,
): Promise<CompanyDetails> {
  const id = await resolveCompanyId(db, principal, requestedId);
  const [row, children] = await Promise.all([repo.findCompany(db, id), repo.listChildren(db, id)]);
  if (!row) throw new AppError('not_found');
  return {
    id: row.id,
    name: row.name,
    tax_number: row.tax_number,
    contract: row.contract,
    billing_type: row.billing_type,
    balance: centsToEur(row.balance_cents),
    overdraft: centsToEur(row.overdraft_cents),
    country: row.country,
    responsible: row.responsible,
    whatsapp: row.whatsapp,
    require_second_factor: row.require_second_factor,
    blocked: row.blocked,
    own: row.id === principal.companyId,
    // A parent the caller may not open is not named (a child company's admin sees only below).
    parent:
      row.parent_id && row.parent_name && (hasPermission(principal, 'companies.all') || row.id !== principal.companyId)
        ? { id: row.parent_id, name: row.parent_name }
        : null,
    children,
    editable: editableFields(principal),
  };
}

function changesOf(request: CompanyUpdateRequest): repo.CompanyChanges {
  const changes: repo.CompanyChanges = {};
  if (request.name !== undefined) changes.name = request.name;
  if (request.responsible !== undefined) changes.responsible = request.responsible || null;
  if (request.whatsapp !== undefined) changes.whatsapp = request.whatsapp;
  if (request.require_second_factor !== undefined) changes.requireSecondFactor = request.require_second_factor;
  if (request.contract !== undefined) changes.contract = request.contract || null;
  if (request.billing_type !== undefined) changes.billingType = request.billing_type;
  if (request.overdraft !== undefined) changes.overdraftCents = Math.round(request.overdraft * 100);
  if (request.country !== undefined) changes.country = request.country;
  return changes;
}

export async function updateCompany(
  db: Db,
  principal: Principal,
  request: CompanyUpdateRequest,
): Promise<CompanyDetails> {
  const id = await resolveCompanyId(db, principal, request.id);
  const allowed: readonly string[] = editableFields(principal);
  const { id: _id, ...fields } = request;
  const sent = Object.keys(fields).filter((key) => fields[key as keyof typeof fields] !== undefined);
  if (sent.some((field) => !allowed.includes(field))) throw new AppError('forbidden');
  // Whoever makes everyone use a second factor uses one first (root, signing in elsewhere, need not).
  if (request.require_second_factor && !hasPermission(principal, 'companies.all') && !(await hasSecondFactor(db, principal))) {
    throw new AppError('second_factor_enrol_first');
  }
  await db.transaction(async (tx) => {
    const before = await repo.findCompany(tx, id);
    if (!(await repo.updateCompany(tx, id, changesOf(request)))) throw new AppError('not_found');
    // Its users without one are signed out, and asked to enrol at their next sign-in.
    if (request.require_second_factor && before && !before.require_second_factor) await signOutUsersWithoutSecondFactor(tx, id);
    await insertAudit(tx, {
      ...auditActor(principal),
      action: 'company_update',
      details: { company_id: id, ...fields },
    });
  });
  return getCompany(db, principal, id);
}
