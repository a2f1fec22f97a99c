// The invoice of a paid order as a PDF (docs/product.md, "Order page"): the shop's details, invoice
// number = order number, dates in the shop's time zone, bill-to, lines, discount, shipping, tax by
// region, total and how it was paid. Set in DejaVu Sans (as the proofs are) so accented names print.
import PDFDocument from 'pdfkit';
import {
  COLOR_SWATCHES,
  MATERIAL_LABELS,
  MOUNTING_LABELS,
  formatDollars,
  toDollars,
} from '@shop/contracts';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import { loadFonts } from '../../platform/pdf-fonts';
import { renderOffThread } from '../../platform/pdf-thread';
import type { OrderItemRecord, OrderRecord } from './model';

/** Only a paid order has an invoice (an unpaid checkout was never charged). */
function assertInvoiceable(order: Pick<OrderRecord, 'paymentStatus' | 'paidAt'>): void {
  if (order.paymentStatus !== 'paid' || !order.paidAt) {
    throw AppError.conflict(
      'An invoice is issued once the order is paid; this order has not been paid.',
    );
  }
}

/** invoice-1001.pdf: digits only, so the header needs no quoting rules. */
export function invoiceFilename(order: Pick<OrderRecord, 'orderNumber'>): string {
  return `invoice-${order.orderNumber}.pdf`;
}

function day(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'long' }).format(date);
}

const money = (cents: number) => formatDollars(toDollars(cents));
const inches = (value: number) => `${Number(value.toFixed(2))}"`;

function lineDescription(item: OrderItemRecord): string {
  const { material, width, height, color, mounting, customText } = item.productConfig;
  const parts = [
    `${MATERIAL_LABELS[material].name} label ${inches(width)} × ${inches(height)}`,
    `${COLOR_SWATCHES[color].name}, ${MOUNTING_LABELS[mounting]}`,
  ];
  if (customText.trim()) parts.push(`Text: ${customText.trim().replace(/\s*\n\s*/g, ' / ')}`);
  if (item.files.length > 0) {
    parts.push(`Artwork: ${item.files.map((file) => file.originalName).join(', ')}`);
  }
  return parts.join('\n');
}

type Shop = Config['shop'];

/** What an invoice shows of its order: plain data, as the PDF worker receives it. */
const INVOICE_FIELDS = [
  'orderNumber',
  'paymentStatus',
  'paidAt',
  'paymentId',
  'createdAt',
  'customerInfo',
  'items',
  'subtotalCents',
  'discountCode',
  'discountCents',
  'shippingCents',
  'taxCents',
  'taxRegion',
  'totalCents',
  'refundedCents',
] as const satisfies ReadonlyArray<keyof OrderRecord>;

type InvoiceOrder = Pick<OrderRecord, (typeof INVOICE_FIELDS)[number]>;

export interface InvoiceInput {
  order: InvoiceOrder;
  shop: Shop;
}

/** The invoice of a paid order, rendered on the PDF worker thread (platform/pdf-thread.ts). */
export function invoicePdf(order: OrderRecord, shop: Shop): Promise<Buffer> {
  assertInvoiceable(order);
  const fields = Object.fromEntries(
    INVOICE_FIELDS.map((field) => [field, order[field]]),
  ) as InvoiceOrder;
  return renderOffThread('invoice', { order: fields, shop } satisfies InvoiceInput);
}

export function renderInvoicePdf(order: InvoiceOrder, shop: Shop): Promise<Buffer> {
  assertInvoiceable(order);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: `Invoice ${order.orderNumber}`, Author: shop.name, Creator: shop.name },
  });
  // pdfkit's types name files only; a parsed font is taken as well (PDFFontFactory.open).
  const fonts = loadFonts();
  doc.registerFont('Regular', fonts.regular.data as Buffer);
  doc.registerFont('Bold', fonts.bold.data as Buffer);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const ink = '#0f172a';
  const muted = '#475569';

  // The shop, and the invoice's number and dates.
  doc
    .fillColor(ink)
    .font('Bold')
    .fontSize(18)
    .text(shop.name, left, 54, { width: width / 2 });
  doc.font('Regular').fontSize(9).fillColor(muted);
  const shopLines = [shop.address, shop.phone, shop.email, shop.url].filter(Boolean);
  doc.text(shopLines.join('\n'), { width: width / 2 });
  const shopBottom = doc.y;

  doc
    .fillColor(ink)
    .font('Bold')
    .fontSize(22)
    .text('INVOICE', left + width / 2, 54, {
      width: width / 2,
      align: 'right',
    });
  doc.font('Regular').fontSize(10);
  const facts: Array<[string, string]> = [
    ['Invoice number', String(order.orderNumber)],
    ['Invoice date', day(order.paidAt!, shop.timeZone)],
    ['Order date', day(order.createdAt, shop.timeZone)],
  ];
  for (const [label, value] of facts) {
    doc.text(`${label}: ${value}`, left + width / 2, doc.y, { width: width / 2, align: 'right' });
  }

  // Bill to.
  let y = Math.max(shopBottom, doc.y) + 24;
  const info = order.customerInfo;
  doc.font('Bold').fontSize(10).fillColor(muted).text('BILL TO', left, y);
  doc.font('Regular').fontSize(10).fillColor(ink);
  doc.text(
    [
      `${info.firstName} ${info.lastName}`,
      info.company,
      info.street,
      `${info.city}, ${info.state} ${info.zipCode}`,
      info.email,
      info.phone,
    ]
      .filter(Boolean)
      .join('\n'),
    left,
    doc.y + 2,
    { width: width / 2 },
  );

  // Lines.
  y = doc.y + 24;
  const columns = { qty: right - 190, unit: right - 140, amount: right - 70 };
  const header = (top: number) => {
    doc.font('Bold').fontSize(9).fillColor(muted);
    doc.text('DESCRIPTION', left, top);
    doc.text('QTY', columns.qty, top, { width: 40, align: 'right' });
    doc.text('UNIT', columns.unit, top, { width: 60, align: 'right' });
    doc.text('AMOUNT', columns.amount, top, { width: 70, align: 'right' });
    doc
      .moveTo(left, top + 14)
      .lineTo(right, top + 14)
      .strokeColor('#cbd5e1')
      .stroke();
    return top + 22;
  };
  y = header(y);
  for (const item of order.items) {
    const description = lineDescription(item);
    doc.font('Regular').fontSize(10);
    const height = doc.heightOfString(description, { width: columns.qty - left - 12 });
    if (y + height > doc.page.height - doc.page.margins.bottom - 140) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    doc.fillColor(ink).text(description, left, y, { width: columns.qty - left - 12 });
    doc.text(String(item.quantity), columns.qty, y, { width: 40, align: 'right' });
    doc.text(money(item.unitCents), columns.unit, y, { width: 60, align: 'right' });
    doc.text(money(item.totalCents), columns.amount, y, { width: 70, align: 'right' });
    y += height + 10;
  }
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#cbd5e1').stroke();

  // Totals: a discount and a refund only when there is one, the total in bold.
  y += 10;
  const discount = order.discountCode ? ` (${order.discountCode})` : '';
  const taxRegion = order.taxRegion ? ` (${order.taxRegion})` : '';
  const totals: Array<[label: string, value: string, strong?: boolean] | false> = [
    ['Subtotal', money(order.subtotalCents)],
    order.discountCents > 0 && [`Discount${discount}`, `−${money(order.discountCents)}`],
    ['Shipping', money(order.shippingCents)],
    [`Sales tax${taxRegion}`, money(order.taxCents)],
    ['Total', money(order.totalCents), true],
    order.refundedCents > 0 && ['Refunded', `−${money(order.refundedCents)}`],
  ];
  for (const [label, value, strong] of totals.filter((row) => row !== false)) {
    doc
      .font(strong ? 'Bold' : 'Regular')
      .fontSize(strong ? 12 : 10)
      .fillColor(ink);
    doc.text(label, right - 260, y, { width: 180, align: 'right' });
    doc.text(value, columns.amount, y, { width: 70, align: 'right' });
    y += strong ? 20 : 16;
  }

  // How it was paid.
  y += 16;
  doc.font('Regular').fontSize(10).fillColor(ink);
  const paidOn = day(order.paidAt!, shop.timeZone);
  // An order the discount covered in full was never charged (payments/: a no-charge- payment id).
  const noCharge = order.totalCents === 0 || order.paymentId?.startsWith('no-charge-');
  doc.text(
    noCharge
      ? `Nothing was charged: the discount covered the total (${paidOn}). Nothing is due.`
      : `Paid in full by card on ${paidOn}${
          order.paymentId ? ` (payment reference ${order.paymentId})` : ''
        }. Nothing is due.`,
    left,
    y,
    { width },
  );
  doc
    .fillColor(muted)
    .fontSize(9)
    .text(`Questions about this invoice: ${shop.email}, ${shop.phone}.`, left, doc.y + 6, {
      width,
    });

  doc.end();
  return done;
}
