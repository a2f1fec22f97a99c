// The admin's order detail (GET /api/admin/orders/{id}) reads the order's events by key: its moves
// `{orderId}:{status}`, its proof events `{orderId}:proof:{key}` (the keys its proof state names) and
// its notes `{orderId}:note:{n}`, numbered per order. A filter on orderId read every event of the shop
// on the embedded FerretDB (api/README.md, "Cost that does not grow").
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addOrderNote, historyOfEvents } from '../src/modules/orders/lifecycle';
import { OrderEventModel, type OrderEventRecord } from '../src/modules/orders/model';
import { remindUnansweredProofs } from '../src/modules/proofs/reminders';
import { addToCart, customerInfo, pay, registerAdmin } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let app: TestApp;
let admin: TestAgent;
let adminEmail: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.agent();
  adminEmail = (await registerAdmin(admin)).body.email;
});
afterAll(async () => {
  await app?.close();
});

/** A paid order waiting for its proof: `{orderId, lineId, guest}`. */
async function orderAwaitingProof() {
  const guest = app.agent();
  const lineId = (await addToCart(guest)).body.item.id as string;
  const placed = await guest.request('POST', '/api/orders', {
    body: { customerInfo: customerInfo() },
  });
  expect(placed.status, placed.text).toBe(201);
  const orderId = placed.body.orderId as string;
  expect((await pay(guest, orderId)).status).toBe(200);
  return { orderId, lineId, guest };
}

async function newRevision(orderId: string, lineId: string, customText: string) {
  const form = new FormData();
  form.append('lineId', lineId);
  form.append('customText', customText);
  const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${app.baseUrl}/api/admin/orders/${orderId}/proof/revisions`, {
    method: 'POST',
    headers: { 'x-session-id': admin.sessionId, cookie },
    body: form,
  });
  expect(response.status).toBe(201);
}

/**
 * An order with every kind of event: paid (a move), its proof sent, changes asked, revision 2 sent
 * and reminded, an override (a leave marker, a move, a proof event), two notes, shipped (a marker, a
 * move).
 */
async function orderWithHistory() {
  const { orderId, lineId, guest } = await orderAwaitingProof();
  const asked = await guest.request('POST', `/api/orders/${orderId}/proof/changes`, {
    body: { revision: 1, comments: [{ lineId, comment: 'Bigger, please' }] },
  });
  expect(asked.status, asked.text).toBe(200);
  await newRevision(orderId, lineId, 'BIGGER');
  expect(await remindUnansweredProofs(app.config, new Date(Date.now() + 12 * 86_400_000))).toBe(1);
  const overridden = await admin.request('POST', `/api/admin/orders/${orderId}/proof/override`, {
    body: { reason: 'Approved by phone' },
  });
  expect(overridden.status, overridden.text).toBe(200);
  for (const text of ['Called about the size', 'Customer will collect']) {
    const note = await admin.request('POST', `/api/admin/orders/${orderId}/notes`, {
      body: { text },
    });
    expect(note.status, note.text).toBe(201);
  }
  const shipped = await admin.request('POST', `/api/admin/orders/${orderId}/ship`, {
    body: { carrier: 'UPS', trackingNumber: '1Z999' },
  });
  expect(shipped.status, shipped.text).toBe(200);
  return orderId;
}

/**
 * The detail's events as they were read before they were keyed: every event of the order by a filter
 * on orderId, oldest first (then by _id), without the moves' leave markers. Here only to compare.
 */
async function historyAsFiltered(orderId: string) {
  const events = (
    await OrderEventModel.find({ orderId: new Types.ObjectId(orderId) })
      .sort({ at: 1, _id: 1 })
      .lean<OrderEventRecord[]>()
  ).filter((event) => event.kind !== 'leave');
  return historyOfEvents(events);
}

/** The order_events operations made while `run` runs, each with its filter. */
async function eventOperations(run: () => Promise<unknown>) {
  const seen: Array<{ method: string; filter: Record<string, unknown> }> = [];
  mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
    if (collection === OrderEventModel.collection.collectionName)
      seen.push({ method, filter: filter as Record<string, unknown> });
  });
  try {
    await run();
  } finally {
    mongoose.set('debug', false);
  }
  return seen;
}

/** The engine's plan for a find of this filter on the events (keyed-reads.test.ts). */
async function planOf(filter: object): Promise<string> {
  const explained = await mongoose.connection.db!.command({
    explain: { find: OrderEventModel.collection.collectionName, filter },
    verbosity: 'queryPlanner',
  });
  return JSON.stringify(explained.queryPlanner);
}

describe("the admin's order detail", () => {
  it('when an admin opens an order, then its events are read only by _id, through the _id index, however many other orders have events', async () => {
    const orderId = await orderWithHistory();
    const reads = await eventOperations(async () => {
      const detail = await admin.request('GET', `/api/admin/orders/${orderId}`);
      expect(detail.status).toBe(200);
      expect(detail.body.adminNotes).toHaveLength(2);
    });
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThanOrEqual(2);
    for (const { method, filter } of reads) {
      expect(['find', 'findOne']).toContain(method);
      // One _id, or several in one lookup.
      expect(Object.keys(filter)).toEqual(['_id']);
      const { _id } = filter as { _id: unknown };
      expect(typeof _id === 'string' || Object.keys(_id as object).join() === '$in').toBe(true);
      // FerretDB (SQLite): "SEARCH ... USING INDEX"; MongoDB: an IXSCAN, IDHACK or EXPRESS stage.
      const plan = await planOf(filter);
      expect(plan).toMatch(/USING INDEX|IXSCAN|IDHACK|EXPRESS/);
      expect(plan).not.toMatch(/\bSCAN\b|COLLSCAN/);
    }
  });

  it('when an order has moves, proof events, leave markers and two notes, then the detail answers them as before, the notes numbered', async () => {
    const orderId = await orderWithHistory();
    const detail = await admin.request('GET', `/api/admin/orders/${orderId}`);
    expect(detail.status).toBe(200);
    const { history, proofHistory, adminNotes } = detail.body;
    expect({ history, proofHistory, adminNotes }).toEqual(await historyAsFiltered(orderId));
    expect(history.map((move: { to: string }) => move.to)).toEqual([
      'awaiting_proof',
      'processing',
      'shipped',
    ]);
    expect(proofHistory.map((entry: { text: string }) => entry.text)).toEqual([
      'Proof (revision 1) sent to the customer',
      'Changes requested on revision 1: label 1: Bigger, please',
      'Revision 2 sent to the customer',
      "Moved on without the customer's approval (revision 2): Approved by phone",
      // Sent by the job run twelve days on (its time), so it comes last.
      'Reminder sent: revision 2 not answered in 2 business days',
    ]);
    expect(adminNotes).toEqual([
      {
        id: `${orderId}:note:1`,
        at: expect.any(String),
        by: adminEmail,
        text: 'Called about the size',
      },
      {
        id: `${orderId}:note:2`,
        at: expect.any(String),
        by: adminEmail,
        text: 'Customer will collect',
      },
    ]);
  });

  it('when two admins add a note at the same moment, then both are kept, with numbers of their own', async () => {
    const { orderId } = await orderAwaitingProof();
    // Both writers read the order's notes before either inserts: both try place 1, one loses it.
    const collection = OrderEventModel.collection;
    const find = collection.find.bind(collection);
    let reading = 0;
    let release!: () => void;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    setTimeout(release, 2_000).unref(); // a writer that does not read first goes on alone
    const reads = vi.spyOn(collection, 'find').mockImplementation(((
      ...args: Parameters<typeof find>
    ) => {
      const cursor = find(...args);
      // Only the writers' reads of this order's notes wait (the shop reads events elsewhere too).
      if (!JSON.stringify(args[0]).includes(`${orderId}:note:1`)) return cursor;
      return {
        async toArray() {
          reading += 1;
          if (reading === 2) release();
          await bothRead;
          return cursor.toArray();
        },
      };
    }) as never);
    const tried: string[] = [];
    const inserts = vi.spyOn(collection, 'insertOne');
    try {
      const notes = await Promise.all([
        addOrderNote(orderId, 'First admin', { by: 'one@example.com' }),
        addOrderNote(orderId, 'Second admin', { by: 'two@example.com' }),
      ]);
      for (const [doc] of inserts.mock.calls) tried.push(String((doc as { _id: unknown })._id));
      expect(notes.map((note) => note.id).sort()).toEqual([
        `${orderId}:note:1`,
        `${orderId}:note:2`,
      ]);
    } finally {
      reads.mockRestore();
      inserts.mockRestore();
    }
    // The race happened: place 1 was tried by both.
    expect(tried.filter((id) => id === `${orderId}:note:1`)).toHaveLength(2);
    const detail = await admin.request('GET', `/api/admin/orders/${orderId}`);
    expect(
      detail.body.adminNotes
        .map((note: { by: string; text: string }) => [note.by, note.text])
        .sort(),
    ).toEqual([
      ['one@example.com', 'First admin'],
      ['two@example.com', 'Second admin'],
    ]);
    const third = await addOrderNote(orderId, 'Later', { by: 'one@example.com' });
    expect(third.id).toBe(`${orderId}:note:3`);
  });
});
