// The admin's order detail (GET /api/admin/orders/{id}): the order and its history, read with one
// indexed query of its events (`{orderId, at}`), oldest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrderNote } from '../src/modules/orders/history';
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
 * and reminded, an override (a move and a proof event), two notes, shipped (a move).
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

describe("the admin's order detail", () => {
  it('when an order has moves, proof events and two notes, then the detail answers each kind in its list, oldest first', async () => {
    const orderId = await orderWithHistory();
    const detail = await admin.request('GET', `/api/admin/orders/${orderId}`);
    expect(detail.status).toBe(200);
    const { history, proofHistory, adminNotes } = detail.body;
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
        id: expect.any(String),
        at: expect.any(String),
        by: adminEmail,
        text: 'Called about the size',
      },
      {
        id: expect.any(String),
        at: expect.any(String),
        by: adminEmail,
        text: 'Customer will collect',
      },
    ]);
  });

  it('when two admins add a note at the same moment, then both are kept, each with an id of its own', async () => {
    const { orderId } = await orderAwaitingProof();
    const notes = await Promise.all([
      addOrderNote(orderId, 'First admin', { by: 'one@example.com' }),
      addOrderNote(orderId, 'Second admin', { by: 'two@example.com' }),
    ]);
    expect(new Set(notes.map((note) => note.id)).size).toBe(2);
    const detail = await admin.request('GET', `/api/admin/orders/${orderId}`);
    expect(
      detail.body.adminNotes
        .map((note: { by: string; text: string }) => [note.by, note.text])
        .sort(),
    ).toEqual([
      ['one@example.com', 'First admin'],
      ['two@example.com', 'Second admin'],
    ]);
  });
});
