// The invoice of a paid order as a PDF (docs/product.md, "Order page"): the shop's details, invoice
// number = order number, dates in the shop's time zone, bill-to, lines, discount, shipping, tax by
// region, total and how it was paid. Set in DejaVu Sans (as the proofs are) so accented names print.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import {
  COLOR_SWATCHES,
  MATERIAL_LABELS,
  MOUNTING_LABELS,
  formatCount,
  variableDataTerms,
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

/**
 * A line as the invoice names it: the label, its text as engraved (`engraved`: the proof's last
 * revision, when it changed the text), a series' or a spreadsheet's labels and its code, as the
 * order page words them, and its artwork.
 */
function lineDescription(item: OrderItemRecord, engraved: string | undefined): string {
  const config = item.productConfig;
  const { material, width, height, color, mounting } = config;
  const changed = engraved !== undefined && engraved !== config.customText;
  const customText = changed ? engraved : config.customText;
  const parts = [
    `${MATERIAL_LABELS[material].name} label ${inches(width)} × ${inches(height)}`,
    `${COLOR_SWATCHES[color].name}, ${MOUNTING_LABELS[mounting]}`,
  ];
  const terms = variableDataTerms({ ...config, customText }, item.quantity);
  if (!config.series && !config.rows && customText.trim()) {
    const text = customText.trim().replace(/\s*\n\s*/g, ' / ');
    parts.push(`Text: ${text}${changed ? ' (changed on the proof)' : ''}`);
  }
  for (const [term, detail] of terms)
    parts.push(
      `${term}: ${detail}${changed && term === 'Series' ? ' (changed on the proof)' : ''}`,
    );
  if (item.files.length > 0) {
    parts.push(`Artwork: ${item.files.map((file) => file.originalName).join(', ')}`);
  }
  return parts.join('\n');
}

type Shop = Config['shop'];

/** What an invoice shows of its order: plain data, as the PDF worker receives it. */
const INVOICE_FIELDS = [
  'orderNumber',
  'status',
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
  /** Each line's description (lineDescription), in the order's order. */
  lines: string[];
}

let drawingCode: string | undefined;
/** The code that draws invoices (this module, or the API's bundle it is in): a deploy changes it. */
function drawingCodeHash(): string {
  drawingCode ??= createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest('base64url');
  return drawingCode;
}

export interface Invoice {
  /**
   * A weak ETag of everything the PDF is drawn from (the order's fields, the shop, each line's
   * engraved text) and of the code that draws it: it changes with any of them (a refund, a proof's
   * new text), so a copy the browser holds under it is never a stale invoice. Weak: two renderings
   * of the same invoice differ in their creation date only.
   */
  tag: string;
  /** The PDF, rendered on the PDF worker thread (platform/pdf-thread.ts). */
  pdf(): Promise<Buffer>;
}

/**
 * The invoice of a paid order. `engraved`: each line's text as the proof's last revision has it, by
 * line id (proofs' engravedTextsOf).
 */
export function invoiceOf(
  order: OrderRecord,
  shop: Shop,
  engraved: ReadonlyMap<string, string>,
): Invoice {
  assertInvoiceable(order);
  const fields = Object.fromEntries(
    INVOICE_FIELDS.map((field) => [field, order[field]]),
  ) as InvoiceOrder;
  const lines = order.items.map((item) => lineDescription(item, engraved.get(item.lineId)));
  const input: InvoiceInput = { order: fields, shop, lines };
  const digest = createHash('sha256')
    .update(drawingCodeHash())
    .update(JSON.stringify(input))
    .digest('base64url');
  return { tag: `W/"${digest}"`, pdf: () => renderOffThread('invoice', input) };
}

export function renderInvoicePdf({ order, shop, lines }: InvoiceInput): Promise<Buffer> {
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

  // Totals: a discount and a refund only when there is one, the total in bold.
  const discount = order.discountCode ? ` (${order.discountCode})` : '';
  const taxRegion = order.taxRegion ? ` (${order.taxRegion})` : '';
  const totals = (
    [
      ['Subtotal', money(order.subtotalCents)],
      order.discountCents > 0 && [`Discount${discount}`, `−${money(order.discountCents)}`],
      ['Shipping', money(order.shippingCents)],
      [`Sales tax${taxRegion}`, money(order.taxCents)],
      ['Total', money(order.totalCents), true],
      order.refundedCents > 0 && ['Refunded', `−${money(order.refundedCents)}`],
      order.refundedCents > 0 && ['Net paid', money(order.totalCents - order.refundedCents), true],
    ] satisfies Array<[label: string, value: string, strong?: boolean] | false>
  ).filter((row) => row !== false);

  // Lines. The number columns are as wide as their widest value (an amount or a quantity is never
  // broken across lines), and at least as wide as a small order's.
  y = doc.y + 24;
  const widest = (font: string, size: number, values: string[]) => {
    doc.font(font).fontSize(size);
    return Math.max(...values.map((value) => doc.widthOfString(value)));
  };
  const quantities = order.items.map((item) => formatCount(item.quantity));
  const units = order.items.map((item) => money(item.unitCents));
  const amounts = [
    ...order.items.map((item) => money(item.totalCents)),
    ...totals.filter(([, , strong]) => !strong).map(([, value]) => value),
  ];
  const widths = {
    qty: Math.max(40, widest('Regular', 10, quantities)),
    unit: Math.max(60, widest('Regular', 10, units)),
    amount: Math.max(
      70,
      widest('Regular', 10, amounts),
      widest('Bold', 12, [money(order.totalCents)]),
    ),
  };
  const columns = {
    amount: right - widths.amount,
    unit: right - widths.amount - 10 - widths.unit,
    qty: right - widths.amount - 10 - widths.unit - 10 - widths.qty,
  };
  /** A number right-aligned in its column, on one line. */
  const cell = (value: string, column: keyof typeof columns, top: number) =>
    doc.text(value, columns[column], top, {
      width: widths[column],
      align: 'right',
      lineBreak: false,
    });
  const header = (top: number) => {
    doc.font('Bold').fontSize(9).fillColor(muted);
    doc.text('DESCRIPTION', left, top);
    cell('QTY', 'qty', top);
    cell('UNIT', 'unit', top);
    cell('AMOUNT', 'amount', top);
    doc
      .moveTo(left, top + 14)
      .lineTo(right, top + 14)
      .strokeColor('#cbd5e1')
      .stroke();
    return top + 22;
  };
  // How it was paid, under the totals.
  const paidOn = day(order.paidAt!, shop.timeZone);
  // An order the discount covered in full was never charged (payments/: a no-charge- payment id).
  const noCharge = order.totalCents === 0 || order.paymentId?.startsWith('no-charge-');
  // A cancelled order says so, and what of its payment came back (the export's Net column's figure).
  const refunded =
    order.refundedCents === 0
      ? 'nothing was refunded'
      : order.refundedCents === order.totalCents
        ? `the ${money(order.totalCents)} paid was refunded in full`
        : `${money(order.refundedCents)} of the ${money(order.totalCents)} paid was refunded`;
  const cancelled = order.status === 'cancelled' ? `This order was cancelled: ${refunded}. ` : '';
  const statement = noCharge
    ? `${cancelled}Nothing was charged: the discount covered the total (${paidOn}). Nothing is due.`
    : `${cancelled}Paid ${cancelled ? '' : 'in full '}by card on ${paidOn}${
        order.paymentId ? ` (payment reference ${order.paymentId})` : ''
      }. Nothing is due.`;
  const questions = `Questions about this invoice: ${shop.email}, ${shop.phone}.`;
  // A total's label, right-aligned up to its amount, may take the width left of the amounts (a
  // discount code has up to 50 characters); a label that still wraps moves the next row down by its
  // height, so no row is printed over another.
  const totalLabel = { x: left, width: columns.amount - 10 - left, align: 'right' } as const;
  const totalRowHeight = ([label, , strong]: (typeof totals)[number]) =>
    Math.max(
      strong ? 20 : 16,
      doc
        .font(strong ? 'Bold' : 'Regular')
        .fontSize(strong ? 12 : 10)
        .heightOfString(label, { width: totalLabel.width }) + 4,
    );
  // The closing block (the rule under the last line, the totals, the statement and the questions)
  // goes on the page of the last line, so the totals and what was paid are never split from each
  // other or left alone.
  const closingHeight =
    20 + // the gaps under the last line and under the rule
    totals.reduce((sum, row) => sum + totalRowHeight(row), 0) +
    16 +
    doc.font('Regular').fontSize(10).heightOfString(statement, { width }) +
    6 +
    doc.font('Regular').fontSize(9).heightOfString(questions, { width });

  y = header(y);
  const bottom = doc.page.height - doc.page.margins.bottom;
  for (const [index, item] of order.items.entries()) {
    const description = lines[index] ?? '';
    doc.font('Regular').fontSize(10);
    const height = doc.heightOfString(description, { width: columns.qty - left - 12 });
    const closing = index === order.items.length - 1 ? closingHeight : 0;
    if (y + height + closing > bottom && y > doc.page.margins.top + 22) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    doc.fillColor(ink).text(description, left, y, { width: columns.qty - left - 12 });
    cell(formatCount(item.quantity), 'qty', y);
    cell(money(item.unitCents), 'unit', y);
    cell(money(item.totalCents), 'amount', y);
    y += height + 10;
  }
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#cbd5e1').stroke();

  // The totals, under the amounts.
  y += 10;
  for (const row of totals) {
    const [label, value, strong] = row;
    const height = totalRowHeight(row);
    doc
      .font(strong ? 'Bold' : 'Regular')
      .fontSize(strong ? 12 : 10)
      .fillColor(ink);
    doc.text(label, totalLabel.x, y, { width: totalLabel.width, align: totalLabel.align });
    cell(value, 'amount', y);
    y += height;
  }

  // How it was paid.
  y += 16;
  doc.font('Regular').fontSize(10).fillColor(ink);
  doc.text(statement, left, y, { width });
  doc
    .fillColor(muted)
    .fontSize(9)
    .text(questions, left, doc.y + 6, { width });

  doc.end();
  return done;
}
