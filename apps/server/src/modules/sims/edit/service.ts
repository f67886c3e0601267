import { SIM_LABELS_PER_COMPANY } from '@cab/contract/constants';
import type { SimEditCounts, SimEditLinesRequest, SimEditLinesResult } from '@cab/contract/sim-edit';
import type { Principal } from '../../../auth/principal.js';
import type { Db, Executor } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { parseSimEditFile } from './parse.js';
import * as repo from './repository.js';

export type { EditRef } from './repository.js';

/** A checked file: every line with what became of it so far, and the SIMs the run is to edit. */
export interface SimEditPlan {
  lines: repo.StoredLine[];
  simIds: number[];
  counts: SimEditCounts;
}

/**
 * Reads a bulk edit file as the principal may apply it: each line pending for its SIM, or left out
 * — a value not allowed, an ICCID no SIM has or a SIM of a company the principal does not see, a SIM
 * an earlier line named. Changes nothing.
 */
export async function planSimEdit(db: Db, principal: Principal, file: string): Promise<SimEditPlan> {
  const parsed = parseSimEditFile(file);
  const scope = await resolveCompanyScope(db, principal, undefined, true);
  const iccids = [...new Set(parsed.filter((l) => !l.invalid).map((l) => l.iccid))];
  const sims = await repo.findSimsByIccid(db, iccids, scope);
  const taken = new Set<number>();
  const lines = parsed.map((entry): repo.StoredLine => {
    const sim = entry.invalid ? undefined : sims.get(entry.iccid);
    const status = entry.invalid ? 'invalid' : !sim ? 'unknown_iccid' : !sim.visible ? 'other_company' : taken.has(sim.simId) ? 'duplicate' : 'pending';
    if (status === 'pending' && sim) taken.add(sim.simId);
    return {
      line: entry.line,
      iccid: entry.iccid,
      simId: status === 'pending' ? (sim?.simId ?? null) : null,
      name: entry.name ?? null,
      externalId: entry.externalId ?? null,
      labels: entry.labels ?? null,
      status,
      reason: entry.invalid ?? null,
    };
  });
  const counts: SimEditCounts = { lines: lines.length, pending: 0, ok: 0, unknown_iccid: 0, other_company: 0, invalid: 0, duplicate: 0, unchanged: 0 };
  for (const line of lines) counts[line.status as keyof SimEditCounts] += 1;
  return { lines, simIds: [...taken], counts };
}

export type SimEditOutcome = { simId: number; ok: true } | { simId: number; ok: false; reason: string };

/**
 * What the run will make of each claimed SIM: its line is set; unchanged when the SIM has its values
 * already; or refused when its new labels would take its company past SIM_LABELS_PER_COMPANY
 * (counted over the batch, in line order). A SIM whose
 * line is gone (done before a crash) is done.
 */
export async function simEditOutcomes(db: Executor, ref: repo.EditRef, simIds: number[]): Promise<SimEditOutcome[]> {
  const lines = await repo.pendingLines(db, ref, simIds);
  const byCompany = await repo.simCompanies(db, simIds);
  const wanted = [...new Set(lines.flatMap((l) => l.labels ?? []))];
  const use = await repo.companyLabelUse(db, simIds, wanted);
  const refused = new Map<number, string>();
  for (const line of [...lines].sort((a, b) => a.line - b.line)) {
    if (line.unchanged) {
      // Reported as what it is, not as done (and never retried).
      refused.set(line.simId ?? 0, repo.UNCHANGED_LINE);
      continue;
    }
    const company = use.get(byCompany.get(line.simId ?? 0) ?? 0);
    if (!company || !line.labels) continue;
    const added = line.labels.filter((label) => !company.known.has(label));
    if (company.count + added.length > SIM_LABELS_PER_COMPANY) {
      refused.set(line.simId ?? 0, 'labels_company_limit');
      continue;
    }
    for (const label of added) company.known.add(label);
    company.count += added.length;
  }
  return simIds.map((simId) => {
    const reason = refused.get(simId);
    return reason ? { simId, ok: false, reason } : { simId, ok: true };
  });
}

/** Inside the run's transaction: the lines of the SIMs done are set, those refused marked so. */
export async function applySimEdit(tx: Executor, ref: repo.EditRef, outcomes: SimEditOutcome[]): Promise<void> {
  await repo.applyLines(tx, ref, outcomes.filter((o) => o.ok).map((o) => o.simId));
  await repo.refuseLines(tx, ref, outcomes.flatMap((o) => (o.ok ? [] : [{ simId: o.simId, reason: o.reason }])));
}

export { insertLines } from './repository.js';

/** A page of an edit's lines with the counts by status; 404 for another company's item or another operation. */
export async function listSimEditLines(db: Db, principal: Principal, request: SimEditLinesRequest & { page: number; size: number; show: 'all' | 'problems' }): Promise<SimEditLinesResult> {
  const ref = await ownEdit(db, principal, request.qid);
  const page = await repo.listLines(db, ref, { problems: request.show === 'problems', page: request.page, size: request.size });
  return { counts: await repo.countLines(db, ref), ...page };
}

/** Every line of an edit, for its CSV. */
export async function allSimEditLines(db: Db, principal: Principal, qid: number) {
  return (await repo.listLines(db, await ownEdit(db, principal, qid), { problems: false, page: 0, size: null })).items;
}

async function ownEdit(db: Db, principal: Principal, qid: number): Promise<repo.EditRef> {
  const ref = { companyId: principal.companyId, queueId: qid };
  if ((await repo.countLines(db, ref)).lines === 0) throw new AppError('not_found');
  return ref;
}
