import { SIM_EDIT_API, type SimEditStartResult } from '@cab/contract/sim-edit';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { csvText } from '../../../formats/csv-text.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { AppError, requestLang } from '../../../http/errors.js';
import { allSimEditLines, listSimEditLines, planSimEdit, type SimEditPlan } from './service.js';
import { SIM_EDIT_CSV } from './texts.js';

export interface SimEditDeps {
  db: Db;
  /**
   * Starts the queue item of a checked file with its lines (platform/queue's startSimEditItem, wired
   * in app.ts: the queue builds on sims, so sims does not import it).
   */
  startItem: (principal: Principal, plan: SimEditPlan) => Promise<{ qid: number; count: number }>;
}

export function registerSimEditRoutes(app: FastifyInstance, deps: SimEditDeps): void {
  const { handle, file } = endpointRoutes(app, { tag: 'sims' });
  handle(
    SIM_EDIT_API.start,
    async ({ body, request }): Promise<SimEditStartResult> => {
      const principal = principalOf(request);
      const plan = await planSimEdit(deps.db, principal, body.file);
      const { counts } = plan;
      if (plan.simIds.length === 0) {
        throw new AppError('sim_edit_nothing_matched', undefined, { unknown: counts.unknown_iccid, other: counts.other_company, invalid: counts.invalid });
      }
      const { qid, count } = await deps.startItem(principal, plan);
      return { qid, count, counts };
    },
    // The file's text in JSON: up to SIM_EDIT_MAX_CHARS characters, some of them escaped.
    { bodyLimit: 40 * 1024 * 1024 },
  );
  handle(SIM_EDIT_API.lines, ({ body, request }) => listSimEditLines(deps.db, principalOf(request), body));
  file(SIM_EDIT_API.linesCsv, async ({ body: query, request, reply }) => {
    const lines = await allSimEditLines(deps.db, principalOf(request), query.qid);
    const texts = SIM_EDIT_CSV[requestLang(request)];
    const rows = lines.map((l) => [String(l.line), l.iccid, texts.status[l.status], l.reason ? texts.reason[l.reason] : ''].map(csvText).join(','));
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="sim-edit-${query.qid}.csv"`)
      .send(`\uFEFF${texts.header.map(csvText).join(',')}\n${rows.join('\n')}\n`);
  });
}
