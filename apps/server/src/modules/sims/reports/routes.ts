import { REPORTS_API } from '@cab/contract/reports';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { listReportGroups } from './groups.js';
import { callSmsReport, dayReport, sessionsReport } from './service.js';

/** The three usage reports (each answers chart, totals and one page of rows) and their Group filter's choices. */
export function registerReportRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'reports' });
  // The CSV filter may be a few MB of text, as on the cards list.
  const options = { bodyLimit: 6 * 1024 * 1024 };
  handle(REPORTS_API.day, ({ body, request }) => dayReport(db, principalOf(request), body), options);
  handle(REPORTS_API.sessions, ({ body, request }) => sessionsReport(db, principalOf(request), body), options);
  handle(REPORTS_API.callSms, ({ body, request }) => callSmsReport(db, principalOf(request), body), options);
  handle(REPORTS_API.groups, ({ body, request }) => listReportGroups(db, principalOf(request), body.company));
}
