import { createRequire } from 'node:module';
import type { Lang } from '@cab/contract/constants';
import type { BillRow, CompanyParty } from './repository.js';

const require = createRequire(import.meta.url);
// Shipped from npm (dejavu-fonts-ttf), so Cyrillic renders without any system font.
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

type Texts = Record<Lang, string>;
const LABELS = {
  bill: { ru: 'Счёт', en: 'Bill' },
  issued: { ru: 'Дата выставления', en: 'Issued' },
  paid: { ru: 'Дата оплаты', en: 'Paid' },
  status: { ru: 'Статус', en: 'Status' },
  period: { ru: 'Период', en: 'Period' },
  seller: { ru: 'Продавец', en: 'Seller' },
  buyer: { ru: 'Покупатель', en: 'Buyer' },
  taxNumber: { ru: 'ИНН', en: 'Tax number' },
  contract: { ru: 'Договор', en: 'Contract' },
  line: { ru: 'Наименование', en: 'Description' },
  amount: { ru: 'Сумма, EUR', en: 'Amount, EUR' },
  total: { ru: 'Итого, EUR', en: 'Total, EUR' },
} satisfies Record<string, Texts>;

const KIND_LINES: Record<string, Texts> = {
  topup: { ru: 'Пополнение баланса', en: 'Balance top-up' },
  order: { ru: 'SIM-карты по заказу', en: 'SIM cards of the order' },
  monthly: { ru: 'Услуги связи за период', en: 'Connectivity services for the period' },
};
const STATUS_NAMES: Record<string, Texts> = {
  unpaid: { ru: 'Не оплачен', en: 'Unpaid' },
  paid: { ru: 'Оплачен', en: 'Paid' },
  cancelled: { ru: 'Отменён', en: 'Cancelled' },
};

export interface BillPdfInput {
  bill: BillRow;
  seller: CompanyParty;
  buyer: CompanyParty;
  /** "O-2026-000123 × 100" for an order bill. */
  detail: string | null;
  lang: Lang;
}

const date = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const eur = (cents: number) => (cents / 100).toFixed(2);

/** Renders a bill as a one-page A4 PDF with labels in the requester's language. */
export async function renderBillPdf({ bill, seller, buyer, detail, lang }: BillPdfInput): Promise<Buffer> {
  // Loaded on the first bill (0.6 s of CPU): every process and test file would pay it at start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${LABELS.bill[lang]} ${bill.number}` } });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(20).text(`${LABELS.bill[lang]} ${bill.number}`);
  doc.moveDown(0.5).font('regular').fontSize(10);
  doc.text(`${LABELS.issued[lang]}: ${date(bill.created)}`);
  if (bill.paid_at) doc.text(`${LABELS.paid[lang]}: ${date(bill.paid_at)}`);
  doc.text(`${LABELS.period[lang]}: ${bill.period}`);
  doc.text(`${LABELS.status[lang]}: ${STATUS_NAMES[bill.status]?.[lang] ?? bill.status}`);
  party(doc, LABELS.seller[lang], seller, lang);
  party(doc, LABELS.buyer[lang], buyer, lang);

  doc.moveDown(1.5).font('bold').text(LABELS.line[lang], 50, doc.y, { continued: false, width: 350 });
  const headerY = doc.y - doc.currentLineHeight();
  doc.text(LABELS.amount[lang], 400, headerY, { width: 145, align: 'right' });
  doc.moveTo(50, doc.y + 2).lineTo(545, doc.y + 2).stroke();
  doc.moveDown(0.5).font('regular');
  const line = [KIND_LINES[bill.kind]?.[lang] ?? bill.kind, detail].filter(Boolean).join(': ');
  const lineY = doc.y;
  doc.text(line, 50, lineY, { width: 350 });
  doc.text(eur(bill.amount_cents), 400, lineY, { width: 145, align: 'right' });
  doc.moveDown(1).font('bold').fontSize(12);
  const totalY = doc.y;
  doc.text(LABELS.total[lang], 50, totalY, { width: 350 });
  doc.text(eur(bill.amount_cents), 400, totalY, { width: 145, align: 'right' });
  doc.end();
  return done;
}

function party(doc: PDFKit.PDFDocument, title: string, company: CompanyParty, lang: Lang): void {
  doc.moveDown(1).font('bold').text(title, 50).font('regular').text(company.name);
  if (company.tax_number) doc.text(`${LABELS.taxNumber[lang]}: ${company.tax_number}`);
  if (company.contract) doc.text(`${LABELS.contract[lang]}: ${company.contract}`);
}
