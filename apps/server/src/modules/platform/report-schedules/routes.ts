import { REPORT_SCHEDULES_API } from '@cab/contract/report-schedules';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { requestLang } from '../../../http/errors.js';
import { createSchedule, deleteSchedule, listSchedules, runScheduleNow, updateSchedule, type ReportSchedulesDeps } from './service.js';

export function registerReportScheduleRoutes(app: FastifyInstance, deps: ReportSchedulesDeps): void {
  const { handle } = endpointRoutes(app, { tag: 'report schedules' });
  // A report's CSV filter may be as large as the cards list's.
  const bodyLimit = { bodyLimit: 6 * 1024 * 1024 };
  handle(REPORT_SCHEDULES_API.list, ({ request }) => listSchedules(deps.db, principalOf(request)));
  handle(REPORT_SCHEDULES_API.create, ({ body, request }) => createSchedule(deps.db, principalOf(request), body, requestLang(request)), bodyLimit);
  handle(REPORT_SCHEDULES_API.update, ({ body, request }) => updateSchedule(deps.db, principalOf(request), body, requestLang(request)), bodyLimit);
  handle(REPORT_SCHEDULES_API.delete, ({ body, request }) => deleteSchedule(deps.db, principalOf(request), body.id));
  handle(REPORT_SCHEDULES_API.runNow, ({ body, request }) => runScheduleNow(deps, principalOf(request), body.id));
}
