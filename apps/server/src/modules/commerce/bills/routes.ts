import { BILL_API } from '@cab/contract/bills';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { requestLang } from '../../../http/errors.js';
import { billPdf } from './pdf-service.js';
import type { BillService } from './service.js';

export function registerBillRoutes(app: FastifyInstance, bills: BillService): void {
  // Reads answer no 409/422; a change of one bill may (not payable, balance insufficient).
  const reads = endpointRoutes(app, { tag: 'bills' });
  const { handle, file } = endpointRoutes(app, { tag: 'bills', errors: [409, 422] });

  reads.handle(BILL_API.list, ({ body, request }) => bills.list(principalOf(request), body));
  reads.handle(BILL_API.settings, () => Promise.resolve(bills.settings()));
  handle(BILL_API.create, ({ body, request }) => bills.createTopup(principalOf(request), body));
  handle(BILL_API.markPaid, ({ body, request }) => bills.markPaid(principalOf(request), body.id));
  handle(BILL_API.cancel, ({ body, request }) => bills.cancel(principalOf(request), body.id));
  handle(BILL_API.payFromBalance, ({ body, request }) => bills.payFromBalance(principalOf(request), body.id));
  file(BILL_API.pdf, async ({ body: query, request, reply }) => {
    const { number, pdf } = await billPdf(bills, principalOf(request), query.id, requestLang(request));
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
