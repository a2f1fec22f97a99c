// Exports for the books (docs/product.md section 11): the orders, the customers or the money moved
// (charges and refunds) of a range of days as CSV, written row by row from database cursors straight
// into the response, so a hundred thousand orders take the memory of a few rows. Each export is
// recorded first (who, when, which rows), and downloaded by its maker alone, from its own link, for
// an hour after it was made.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { z } from 'zod';
import {
  EXPORT_DOWNLOAD_MINUTES,
  clockTimeIn,
  MATERIAL_LABELS,
  shownStatusLabel,
  COLOR_SWATCHES,
  MOUNTING_LABELS,
  variableDataTerms,
  nextDay,
  startOfDayIn,
  toDollars,
  type ExportRecordAnswer,
  type ExportsPage,
  type exportRequestSchema,
} from '@shop/contracts';
import { pageOf } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/auth-guards';
import type { AppDependencies } from '../../dependencies';
import { customerCursor, type CustomerRecord } from '../accounts/accounts';
import {
  chargeCursor,
  orderCursor,
  refundCursor,
  type ChargeForBooks,
  type OrderRecord,
  type RefundForBooks,
} from '../orders/orders';
import { csvRow, UTF8_BOM, type Amount, type Cell } from './csv';
import type { ExportRecord } from './model';
import { findExport, insertExport, listExports, recordDownload } from './repository';

/** Rows joined into one write of about this many characters. */
const CHUNK_CHARS = 64 * 1024;

const money = (cents: number) => toDollars(cents).toFixed(2);

/** Money as a number cell: a refund's minus sign is written as it is (csv.ts). */
const amount = (cents: number): Amount => ({ amount: money(cents) });

/** An instant as the shop's clock read it: YYYY-MM-DD HH:MM. */
function localTime(instant: Date | null | undefined, timeZone: string): string {
  return instant ? clockTimeIn(timeZone, new Date(instant)) : '';
}

const ORDER_COLUMNS = (timeZone: string) => [
  'Order number',
  `Placed (${timeZone})`,
  `Paid (${timeZone})`,
  'Status',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Company',
  'Street',
  'City',
  'State',
  'ZIP',
  'Labels',
  'Subtotal',
  'Discount code',
  'Discount',
  'Shipping',
  'Tax region',
  'Tax',
  'Total',
  'Refunded',
  // When the refund was made: the books file it under this day, not the order's.
  `Refunded at (${timeZone})`,
  'Net',
  'Payment id',
  'Refund id',
  // Why, as the payment provider was told (orders/model.ts, refundReason), as the payments export.
  'Refund reason',
];

/** The order's state as the admin's lists word it ("Revising proof" while the shop revises it). */
const statusOf = (order: OrderRecord) =>
  shownStatusLabel(order.status, order.proof?.status ?? null);

function orderRow(order: OrderRecord, timeZone: string): Cell[] {
  const info = order.customerInfo;
  return [
    order.orderNumber,
    localTime(order.createdAt, timeZone),
    localTime(order.paidAt, timeZone),
    statusOf(order),
    info.firstName,
    info.lastName,
    info.email,
    info.phone,
    info.company,
    info.street,
    info.city,
    info.state,
    info.zipCode,
    order.items.reduce((n, item) => n + item.quantity, 0),
    money(order.subtotalCents),
    order.discountCode,
    money(order.discountCents),
    money(order.shippingCents),
    order.taxRegion,
    money(order.taxCents),
    money(order.totalCents),
    money(order.refundedCents ?? 0),
    localTime(order.refundedAt, timeZone),
    // What the shop kept: nothing of an order never paid (its total was only asked for).
    money(order.paymentStatus === 'paid' ? order.totalCents - (order.refundedCents ?? 0) : 0),
    order.paymentId,
    order.refundId,
    order.refundReason,
  ];
}

const LINE_COLUMNS = (timeZone: string) => [
  'Order number',
  `Placed (${timeZone})`,
  'Status',
  'Email',
  'Line',
  'Material',
  'Width (in)',
  'Height (in)',
  'Colour',
  'Mounting',
  'Text',
  'Asset tags',
  'Artwork files',
  'Quantity',
  'Unit price',
  'Line total',
];

/**
 * An order's lines, each with the text it is engraved with (`engraved`: the proof's last revision's,
 * by line id, as the admin's order and the production files have it).
 */
function lineRows(
  order: OrderRecord,
  timeZone: string,
  engraved: ReadonlyMap<string, string>,
): Cell[][] {
  return order.items.map((item, index) => {
    const config = {
      ...item.productConfig,
      customText: engraved.get(item.lineId) ?? item.productConfig.customText,
    };
    return [
      order.orderNumber,
      localTime(order.createdAt, timeZone),
      statusOf(order),
      order.customerInfo.email,
      index + 1,
      MATERIAL_LABELS[config.material]?.name ?? config.material,
      config.width,
      config.height,
      COLOR_SWATCHES[config.color]?.name ?? config.color,
      MOUNTING_LABELS[config.mounting] ?? config.mounting,
      config.customText,
      // A series' range, a spreadsheet's rows and the code, as the order page names them.
      variableDataTerms(config, item.quantity)
        .map(([term, detail]) => `${term}: ${detail}`)
        .join('; '),
      item.files.map((file) => file.originalName).join('; '),
      item.quantity,
      money(item.unitCents),
      money(item.totalCents),
    ];
  });
}

const CUSTOMER_COLUMNS = (timeZone: string) => [
  'Email',
  'First name',
  'Last name',
  'Phone',
  'Company',
  'Address',
  'ZIP',
  `Signed up (${timeZone})`,
  'Email confirmed',
  'Admin',
];

function customerRow(customer: CustomerRecord, timeZone: string): Cell[] {
  return [
    customer.email,
    customer.firstName,
    customer.lastName,
    customer.phone,
    customer.company,
    customer.address,
    customer.zipCode,
    localTime(customer.createdAt, timeZone),
    customer.emailConfirmedAt ? 'yes' : 'no',
    customer.isAdmin ? 'yes' : 'no',
  ];
}

const MONEY_COLUMNS = (timeZone: string) => [
  `When (${timeZone})`,
  'Movement',
  'Order number',
  'Customer',
  'Email',
  'Amount',
  'Subtotal',
  'Discount code',
  'Discount',
  'Shipping',
  'Tax',
  'Payment id',
  'Refund id',
  // Why, as the payment provider was told (orders/model.ts, refundReason): a refund's alone.
  'Refund reason',
];

/** Money that moved: an order's charge when it was paid, or its refund when it was made. */
type MoneyMovement =
  | { kind: 'charge'; at: Date; order: ChargeForBooks }
  | { kind: 'refund'; at: Date; order: RefundForBooks };

/**
 * The charges and the refunds made in [start, end) as one list, oldest first, in one order every
 * time (docs/product.md section 11): of the same instant, the charges before the refunds, each in
 * its cursor's order. Two cursors, each read on its index, merged as they are read.
 */
async function* moneyMovements(start: Date, end: Date): AsyncGenerator<MoneyMovement> {
  const charges = chargeCursor(start, end);
  const refunds = refundCursor(start, end);
  try {
    let charge = await charges.next();
    let refund = await refunds.next();
    while (charge || refund) {
      if (charge && (!refund || charge.paidAt.getTime() <= refund.refundedAt.getTime())) {
        yield { kind: 'charge', at: charge.paidAt, order: charge };
        charge = await charges.next();
      } else if (refund) {
        yield { kind: 'refund', at: refund.refundedAt, order: refund };
        refund = await refunds.next();
      }
    }
  } finally {
    // Also when the download stops half-way: neither cursor is left open on the server.
    await Promise.all([charges.close(), refunds.close()]);
  }
}

/**
 * A movement's row: a charge with what it was made of, a refund as a negative amount with the
 * payment it gave back from and why (text, made safe like every other: csv.ts). An order paid nothing for (a 100 % discount) moved no money: no row.
 */
function moneyRows(movement: MoneyMovement, timeZone: string): Cell[][] {
  const { order } = movement;
  const whenAndWhose = [
    localTime(movement.at, timeZone),
    movement.kind === 'charge' ? 'Charge' : 'Refund',
    order.orderNumber,
    `${order.customerInfo.firstName} ${order.customerInfo.lastName}`.trim(),
    order.customerInfo.email,
  ];
  if (movement.kind === 'refund') {
    const refund = movement.order;
    const nothingCharged = ['', '', '', '', ''];
    return [
      [
        ...whenAndWhose,
        amount(-refund.refundedCents),
        ...nothingCharged,
        refund.paymentId,
        refund.refundId,
        refund.refundReason,
      ],
    ];
  }
  const charge = movement.order;
  if (charge.totalCents === 0) return [];
  return [
    [
      ...whenAndWhose,
      amount(charge.totalCents),
      amount(charge.subtotalCents),
      charge.discountCode,
      amount(charge.discountCents),
      amount(charge.shippingCents),
      amount(charge.taxCents),
      charge.paymentId,
      '',
      '',
    ],
  ];
}

function downloadUrlOf(record: ExportRecord, viewer: SessionUser, now: Date): string | null {
  const open = now.getTime() - record.at.getTime() < EXPORT_DOWNLOAD_MINUTES * 60_000;
  return open && record.byId.toString() === viewer.id
    ? `/api/admin/exports/${record._id.toString()}/download`
    : null;
}

function toExportAnswer(
  record: ExportRecord,
  viewer: SessionUser,
  now = new Date(),
): ExportRecordAnswer {
  return {
    id: record._id.toString(),
    kind: record.kind,
    rows: record.rows,
    from: record.from,
    to: record.to,
    status: record.status,
    by: record.by,
    at: record.at.toISOString(),
    downloadUrl: downloadUrlOf(record, viewer, now),
    rowCount: record.rowCount,
  };
}

/** Records an export asked for; its file is downloaded from the answer's downloadUrl. */
export async function createExport(
  request: z.output<typeof exportRequestSchema>,
  by: SessionUser,
): Promise<ExportRecordAnswer> {
  const now = new Date();
  const record = await insertExport({
    kind: request.kind,
    rows: request.kind === 'orders' ? request.rows : 'order',
    from: request.from,
    to: request.to,
    status: request.kind === 'orders' ? (request.status ?? null) : null,
    by: by.email,
    byId: by.id,
    at: now,
  });
  return toExportAnswer(record, by, now);
}

export async function exportsPage(
  query: { before?: string; limit: number },
  viewer: SessionUser,
): Promise<ExportsPage> {
  let before: ExportRecord | null = null;
  if (query.before !== undefined) {
    before = await findExport(query.before);
    if (!before) {
      const message = 'before must be the id of an export';
      throw AppError.invalidField('before', message);
    }
  }
  const { items, next } = pageOf(await listExports(before, query.limit + 1), query.limit);
  return { exports: items.map((record) => toExportAnswer(record, viewer)), nextBefore: next };
}

/** The file's rows, header first, joined into chunks of about CHUNK_CHARS. */
async function* csvChunks<T>(
  header: string[],
  records: AsyncIterable<T>,
  toRows: (record: T) => Cell[][] | Promise<Cell[][]>,
  count: { rows: number },
): AsyncGenerator<string> {
  let chunk = UTF8_BOM + csvRow(header);
  for await (const record of records)
    for (const row of await toRows(record)) {
      chunk += csvRow(row);
      count.rows += 1;
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
  if (chunk) yield chunk;
}

/**
 * Writes the export's file to the response as the rows are read. Only its maker, within
 * EXPORT_DOWNLOAD_MINUTES; anything else reads as not found.
 */
export async function streamExport(
  id: string,
  viewer: SessionUser,
  { timeZone, engravedTexts }: Pick<AppDependencies, 'engravedTexts'> & { timeZone: string },
  res: Response,
): Promise<void> {
  const now = new Date();
  const record = await findExport(id);
  if (!record || !downloadUrlOf(record, viewer, now))
    throw AppError.notFound(
      'Export not found (an export is downloaded by its maker within an hour)',
    );
  const start = startOfDayIn(timeZone, record.from);
  const end = startOfDayIn(timeZone, nextDay(record.to));
  const count = { rows: 0 };
  const chunks =
    record.kind === 'customers'
      ? csvChunks(
          CUSTOMER_COLUMNS(timeZone),
          customerCursor(start, end),
          (customer) => [customerRow(customer, timeZone)],
          count,
        )
      : record.kind === 'payments'
        ? csvChunks(
            MONEY_COLUMNS(timeZone),
            moneyMovements(start, end),
            (movement) => moneyRows(movement, timeZone),
            count,
          )
        : record.rows === 'line'
          ? csvChunks(
              LINE_COLUMNS(timeZone),
              orderCursor(start, end, record.status),
              async (order) => lineRows(order, timeZone, await engravedTexts(order)),
              count,
            )
          : csvChunks(
              ORDER_COLUMNS(timeZone),
              orderCursor(start, end, record.status),
              (order) => [orderRow(order, timeZone)],
              count,
            );
  // Named by what it holds: two exports of the same days with different statuses are told apart.
  const name = [
    record.kind,
    ...(record.rows === 'line' ? ['lines'] : []),
    ...(record.status ? [record.status.replace(/_/g, '-')] : []),
    record.from,
    'to',
    `${record.to}.csv`,
  ].join('-');
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  await pipeline(Readable.from(chunks), res);
  await recordDownload(record._id, count.rows);
}
