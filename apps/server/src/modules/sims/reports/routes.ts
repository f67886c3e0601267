import { resultOf } from '@cab/contract/errors';
import { REPORT_API } from '@cab/contract/paths-reports';
import {
  CallSmsReportRequest,
  CallSmsReportResult,
  DayReportRequest,
  DayReportResult,
  SessionsReportRequest,
  SessionsReportResult,
} from '@cab/contract/reports';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { callSmsReport, dayReport, sessionsReport } from './service.js';

/** The three usage reports; each answers chart, totals and one page of rows. */
export function registerReportRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  // The CSV filter may be a few MB of text, as on the cards list.
  const bodyLimit = 6 * 1024 * 1024;
  r.post(
    REPORT_API.day,
    { bodyLimit, schema: { tags: ['reports'], querystring: LangQuery, body: DayReportRequest, response: { 200: resultOf(DayReportResult), ...errorResponses } } },
    async (request) => ({ result: await dayReport(db, principalOf(request), request.body) }),
  );
  r.post(
    REPORT_API.sessions,
    {
      bodyLimit,
      schema: { tags: ['reports'], querystring: LangQuery, body: SessionsReportRequest, response: { 200: resultOf(SessionsReportResult), ...errorResponses } },
    },
    async (request) => ({ result: await sessionsReport(db, principalOf(request), request.body) }),
  );
  r.post(
    REPORT_API.callSms,
    {
      bodyLimit,
      schema: { tags: ['reports'], querystring: LangQuery, body: CallSmsReportRequest, response: { 200: resultOf(CallSmsReportResult), ...errorResponses } },
    },
    async (request) => ({ result: await callSmsReport(db, principalOf(request), request.body) }),
  );
}
