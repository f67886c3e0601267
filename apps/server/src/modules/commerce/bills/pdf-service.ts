import type { Lang } from '@cab/contract/constants';
import type { Principal } from '../../../auth/principal.js';
import { AppError } from '../../../http/errors.js';
import { findOrder } from '../orders/index.js';
import { renderBillPdf } from './pdf.js';
import { findCompanyParty, findSellerParty } from './repository.js';
import type { BillService } from './service.js';

/** A bill's PDF for whoever may see the bill (another tenant's answers 404 through `load`). */
export async function billPdf(bills: BillService, principal: Principal, id: number, lang: Lang): Promise<{ number: string; pdf: Buffer }> {
  const bill = await bills.load(principal, id);
  const db = bills.db;
  const [seller, buyer, order] = await Promise.all([
    findSellerParty(db),
    findCompanyParty(db, bill.company_id),
    bill.order_id === null ? undefined : findOrder(db, [bill.company_id], bill.order_id),
  ]);
  if (!seller || !buyer) throw new AppError('not_found');
  const detail = order ? `${order.number} × ${order.count}` : null;
  return { number: bill.number, pdf: await renderBillPdf({ bill, seller, buyer, detail, lang }) };
}
