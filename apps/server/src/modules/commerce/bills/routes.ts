import { Bill, BillCreateRequest, BillIdRequest, BillListRequest, BillListResult, BillPdfQuery, BillSettings } from '@cab/contract/bills';
import { EmptyBody } from '@cab/contract/common';
import { ErrorBody, resultOf } from '@cab/contract/errors';
import { COMMERCE_API } from '@cab/contract/paths-commerce';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { requestLang } from '../../../http/errors.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { billPdf } from './pdf-service.js';
import type { BillService } from './service.js';

export function registerBillRoutes(app: FastifyInstance, bills: BillService): void {
  const r = typed(app);
  const schema = { tags: ['bills'], querystring: LangQuery };
  const answers = { 200: resultOf(Bill), ...errorResponses, 409: ErrorBody, 422: ErrorBody };
  r.post(
    COMMERCE_API.billsList,
    { schema: { ...schema, body: BillListRequest, response: { 200: resultOf(BillListResult), ...errorResponses } } },
    async (request) => ({ result: await bills.list(principalOf(request), request.body) }),
  );
  r.post(
    COMMERCE_API.billsSettings,
    { schema: { ...schema, body: EmptyBody, response: { 200: resultOf(BillSettings), ...errorResponses } } },
    () => ({ result: bills.settings() }),
  );
  r.post(COMMERCE_API.billsCreate, { schema: { ...schema, body: BillCreateRequest, response: answers } }, async (request) => ({
    result: await bills.createTopup(principalOf(request), request.body),
  }));
  r.post(COMMERCE_API.billsMarkPaid, { schema: { ...schema, body: BillIdRequest, response: answers } }, async (request) => ({
    result: await bills.markPaid(principalOf(request), request.body.id),
  }));
  r.post(COMMERCE_API.billsCancel, { schema: { ...schema, body: BillIdRequest, response: answers } }, async (request) => ({
    result: await bills.cancel(principalOf(request), request.body.id),
  }));
  r.post(COMMERCE_API.billsPayFromBalance, { schema: { ...schema, body: BillIdRequest, response: answers } }, async (request) => ({
    result: await bills.payFromBalance(principalOf(request), request.body.id),
  }));
  r.get(COMMERCE_API.billsPdf, { schema: { tags: ['bills'], querystring: BillPdfQuery } }, async (request, reply) => {
    const { number, pdf } = await billPdf(bills, principalOf(request), request.query.id, requestLang(request));
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
