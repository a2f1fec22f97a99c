// The orders module's use cases and what other modules may call (payments, proofs, accounts): they
// use these functions, never the module's repository or model.
import type { AdminOrder, AdminOrderPage, OrderHistoryEntry } from '@shop/contracts';
import type { CartOwner } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import { toAdminOrder, toHistoryEntry } from './answers';
import { isOwner } from './order-access';
import type { OrderRecord } from './model';
import {
  findOrderById,
  findOpenCheckoutsOfCustomer,
  findPaidGuestOrdersByEmail,
  hasPaidOrderIn,
  joinOrderToCustomer,
  listPaidLinesOfCustomer,
  listOrdersOfCustomer,
  markAccountDeleted,
} from './repository';
import { endUnpaidCheckouts } from './placing';
import { searchOrders, type OrderSearch } from './search';
import { moveOrderedSeriesTo } from './series';

export type { OrderRecord, OrderEventRecord } from './model';
export { announcePayment, recordPayment } from './paid';
export {
  deleteProofEvent,
  findProofEvent,
  insertProofEvent,
  listOrderEvents,
  proofEventKey,
} from './events';
export { startProductionOnApproval } from './moves';
export { expireCheckout } from './placing';
export { recordRevisedSeries } from './series';
export { proofEmail, sendProof } from './proof-step';
export type { ProofLineSource } from './proof-step';
export {
  claimOwnPayment,
  claimPayment,
  clearProofReminder,
  findDueProofReminders,
  findOpenCheckoutsPlacedBefore,
  findOrderById,
  findUnsettledPaidOrders,
  markChargeStuckReported,
  markDiscountReserved,
  markSettled,
  releasePayment,
  setProofState,
  takeOverStalePayment,
} from './repository';
export {
  approvalTimes,
  chargeCursor,
  chargesMadeBetween,
  orderCartStartsBetween,
  orderCursor,
  ordersChangedSince,
  ordersInState,
  ordersPlacedBetween,
  processingSince,
  refundCursor,
  refundsMadeBetween,
  type ChangedOrder,
  type ChargeForBooks,
  type ChargeForFigures,
  type OrderForFigures,
  type RefundForBooks,
  type RefundForFigures,
} from './reports';
export {
  authorizeOrderReader,
  isValidOrderLink,
  orderReaderOf,
  signOrderLink,
} from './order-access';

/**
 * The order if the caller may act on it: a customer's order only for that customer signed in, a
 * guest's order only for the guest session that placed it. Anything else reads as not found.
 */
export async function findCallersOrder(owner: CartOwner, orderId: string): Promise<OrderRecord> {
  const order = await findOrderById(orderId);
  if (!order || !isOwner(order, owner)) throw AppError.notFound('Order not found');
  return order;
}

/**
 * A page of the signed-in customer's orders, newest first (contracts' orderHistoryQuerySchema), with
 * the text a proof revision changed on a line (`engraved`: proofs' engravedTextsOf, read only for an
 * order whose proof has been revised).
 */
export async function orderHistory(
  customerId: string,
  page: { before?: string; limit: number },
  engraved: (order: OrderRecord) => Promise<ReadonlyMap<string, string>>,
): Promise<{ orders: OrderHistoryEntry[]; nextBefore: string | null }> {
  const { items: orders, next } = await listOrdersOfCustomer(customerId, page);
  const entries = [];
  for (const order of orders)
    entries.push(
      toHistoryEntry(order, (order.proof?.revision ?? 1) > 1 ? await engraved(order) : undefined),
    );
  return { orders: entries, nextBefore: next };
}

/** A page of the customer's paid orders as the admin sees them (a customer's detail view). */
export async function customerOrdersForAdmin(
  customerId: string,
  page: { before?: string; limit: number },
): Promise<{ orders: AdminOrder[]; nextBefore: string | null }> {
  const { items, next } = await listOrdersOfCustomer(customerId, page);
  return { orders: items.map(toAdminOrder), nextBefore: next };
}

/**
 * What the customer's paid orders hold, kept when the customer is deleted: their artwork files and
 * the spreadsheets their lines were made from.
 */
export async function orderedFilesOf(
  customerId: string,
): Promise<{ artwork: Set<string>; sheets: Set<string> }> {
  const lines = await listPaidLinesOfCustomer(customerId);
  return {
    artwork: new Set(lines.flatMap((line) => line.files.map((file) => file.hashedName))),
    sheets: new Set(lines.flatMap((line) => line.productConfig.rows?.sheetId ?? [])),
  };
}

/**
 * Whether the customer has an order in progress: paid and not yet sent (or cancelled), or a checkout
 * whose payment is under way (it may be paid yet).
 */
export async function hasOrdersInProgress(customerId: string): Promise<boolean> {
  if (await hasPaidOrderIn(customerId, ['awaiting_proof', 'processing'])) return true;
  const open = await findOpenCheckoutsOfCustomer(customerId);
  return open.some((order) => order.paymentStatus === 'charging' || order.unansweredToken);
}

/** The customer's account is deleted: its checkouts waiting for payment end (orders/placing.ts). */
export async function endCustomerCheckouts(customerId: string): Promise<void> {
  const open = await findOpenCheckoutsOfCustomer(customerId);
  await endUnpaidCheckouts(open, 'Ended: the customer deleted their account');
}

/** The customer's account was deleted: their orders stay, and say their account is gone. */
export async function forgetOrdersCustomer(customerId: string): Promise<void> {
  await markAccountDeleted(customerId);
}

/** One page of the admin's order list or search (search.ts), newest first. */
export async function adminOrderPage(
  query: OrderSearch,
  timeZone: string,
): Promise<AdminOrderPage> {
  const { orders, next } = await searchOrders(query, timeZone);
  return { orders: orders.map(toAdminOrder), pageSize: query.pageSize, nextBefore: next };
}

/** The order's artwork: only a file that is on one of the order's items. */
export function assertOrderHasFile(order: OrderRecord, filename: string): void {
  const onOrder = order.items.some((item) =>
    item.files.some((file) => file.hashedName === filename),
  );
  if (!onOrder) throw AppError.notFound('File not found');
}

/**
 * The paid guest orders placed with the customer's email join the account (docs/product.md section
 * 10): called once the customer has confirmed that email by its emailed link, never before. The
 * count of orders that joined.
 */
export async function joinGuestOrders(customerId: string, confirmedEmail: string): Promise<number> {
  let joined = 0;
  for (const order of await findPaidGuestOrdersByEmail(confirmedEmail.toLowerCase())) {
    if (await joinOrderToCustomer(order._id, customerId)) {
      await moveOrderedSeriesTo(order, customerId);
      joined += 1;
    }
  }
  return joined;
}
