// Backfills the keyed documents (docs: api/README.md, "Cost that does not grow") for data written
// before they existed, so an older database keeps working: email keys for customers, code keys for
// discount codes, number documents and the counter for orders, and the customers' numbered order
// keys. Idempotent (inserts ignore what is already there), run once at start; it reads each collection
// once, which is what every request did before.
import { Types } from 'mongoose';
import { CustomerEmailModel, CustomerModel } from '../modules/accounts/model';
import { DiscountCodeKeyModel, DiscountCodeModel } from '../modules/discounts/model';
import {
  CounterModel,
  CustomerOrderModel,
  OrderModel,
  OrderNumberModel,
  PaidOrderKeyModel,
  PaidOrderModel,
} from '../modules/orders/model';
import { ORDER_NUMBER_COUNTER, PAID_ORDER_COUNTER } from '../modules/orders/counter';
import type { Logger } from '../platform/logger';

interface KeyedCollection {
  collection: { insertMany(docs: object[], options: { ordered: boolean }): Promise<unknown> };
}

async function insertMissing(model: KeyedCollection, docs: object[]): Promise<void> {
  if (docs.length === 0) return;
  // ordered: false goes on past the duplicates (the keys already there).
  await model.collection.insertMany(docs, { ordered: false }).catch((error: unknown) => {
    const writeErrors = (error as { writeErrors?: Array<{ code?: number }> }).writeErrors;
    const onlyDuplicates =
      Array.isArray(writeErrors) && writeErrors.every((entry) => entry.code === 11000);
    if (!onlyDuplicates) throw error;
  });
}

/** The paid list (orders/model.ts, PaidOrderModel) of a database paid into before it existed. */
async function backfillPaidList(logger: Logger): Promise<void> {
  if (await CounterModel.exists({ _id: PAID_ORDER_COUNTER })) return;
  const paid = await OrderModel.find({ paymentStatus: 'paid' }, { paidAt: 1, createdAt: 1 }).lean();
  paid.sort(
    (a, b) =>
      (a.paidAt ?? a.createdAt).getTime() - (b.paidAt ?? b.createdAt).getTime() ||
      a._id.toString().localeCompare(b._id.toString()),
  );
  await insertMissing(
    PaidOrderModel,
    paid.map((order, index) => ({ _id: String(index + 1), orderId: order._id })),
  );
  await insertMissing(
    PaidOrderKeyModel,
    paid.map((order, index) => ({ _id: order._id.toString(), k: index + 1 })),
  );
  await CounterModel.updateOne(
    { _id: PAID_ORDER_COUNTER },
    { $max: { value: paid.length + 1 } },
    { upsert: true },
  );
  if (paid.length) logger.info({ paid: paid.length }, 'Backfilled the list of paid orders');
}

export async function backfillKeyedDocuments(logger: Logger): Promise<void> {
  await backfillPaidList(logger);
  // Nothing to do on a database that already has its order counter (or no orders and customers).
  if (await CounterModel.exists({ _id: ORDER_NUMBER_COUNTER })) return;
  const [customers, codes, orders] = await Promise.all([
    CustomerModel.find({}, { email: 1 }).lean(),
    DiscountCodeModel.find({}, { code: 1 }).lean(),
    OrderModel.find({}, { orderNumber: 1, customerId: 1, createdAt: 1 })
      .sort({ createdAt: 1, _id: 1 })
      .lean(),
  ]);
  if (customers.length + codes.length + orders.length === 0) return;
  await insertMissing(
    CustomerEmailModel,
    customers.map((customer) => ({
      _id: customer.email,
      customerId: customer._id,
      createdAt: new Date(),
    })),
  );
  await insertMissing(
    DiscountCodeKeyModel,
    codes.map((code) => ({ _id: code.code, discountId: code._id, createdAt: new Date() })),
  );
  await insertMissing(
    OrderNumberModel,
    orders.map((order) => ({ _id: String(order.orderNumber), orderId: order._id })),
  );
  const perCustomer = new Map<string, number>();
  const customerKeys: Array<{ _id: string; orderId: Types.ObjectId }> = [];
  for (const order of orders) {
    if (!order.customerId) continue;
    const customerId = order.customerId.toString();
    const k = (perCustomer.get(customerId) ?? 0) + 1;
    perCustomer.set(customerId, k);
    customerKeys.push({ _id: `${customerId}:${k}`, orderId: order._id });
  }
  await insertMissing(CustomerOrderModel, customerKeys);
  const highest = Math.max(999, ...orders.map((order) => order.orderNumber));
  await CounterModel.updateOne(
    { _id: ORDER_NUMBER_COUNTER },
    { $max: { value: highest + 1 } },
    { upsert: true },
  );
  logger.info(
    { customers: customers.length, codes: codes.length, orders: orders.length },
    'Backfilled the keyed documents of an older database',
  );
}
