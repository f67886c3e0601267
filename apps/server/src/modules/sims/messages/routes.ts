import { SMS_INBOX_API } from '@cab/contract/sms-inbox';
import { SMS_MESSAGES_API } from '@cab/contract/sms-messages';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { requestLang } from '../../../http/errors.js';
import { sendExport } from '../../../http/export-reply.js';
import { inboxExportCells, inboxExportHeader } from './inbox-export.js';
import { listInbox, prepareInboxExport } from './inbox-service.js';
import { listSimMessages } from './service.js';

/** SMS in and out: a SIM's on its page, the company's in the inbox (issue 25.7) and its export. */
export function registerSimMessageRoutes(app: FastifyInstance, db: Db): void {
  const { handle, file } = endpointRoutes(app, { tag: 'sims' });
  handle(SMS_MESSAGES_API.bySim, ({ body, request }) => listSimMessages(db, principalOf(request), body));
  handle(SMS_INBOX_API.list, ({ body, request }) => listInbox(db, principalOf(request), body));
  file(SMS_INBOX_API.export, async ({ body: query, request, reply }) => {
    const { format, lang: _lang, ...filter } = query;
    const lang = requestLang(request);
    const { rows, batches } = await prepareInboxExport(db, principalOf(request), filter);
    async function* cells() {
      for await (const items of batches()) yield items.map((item) => inboxExportCells(item, lang));
    }
    return sendExport(reply, { format, name: 'sms', sheet: 'SMS', rows, header: inboxExportHeader(lang), cells: cells() });
  });
}
