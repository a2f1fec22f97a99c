// The proof step (docs/product.md, "Proofs"): a paid order waits for the customer's approval of every
// line's proof; only its owner may answer; the shop makes revisions that keep the earlier ones; only an
// approved order (or an admin's override with its reason) moves to processing; an unanswered proof is
// reminded once, 2 business days after it was sent.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/platform/logger';
import { deliverDueMail, type OutgoingMail } from '../src/modules/mail/mail';
import { OutboxModel } from '../src/modules/mail/model';
import { proofAttachmentLoader } from '../src/modules/proofs/proofs';
import { localFolderStore } from '../src/modules/uploads/storage';
import { OrderModel } from '../src/modules/orders/model';
import { ProofPdfModel } from '../src/modules/proofs/model';
import {
  isValidOrderLink,
  ORDER_LINK_LIFETIME_DAYS,
  signOrderLink,
} from '../src/modules/orders/order-access';
import { addBusinessDays } from '@shop/contracts';
import { remindUnansweredProofs } from '../src/modules/proofs/reminders';
import { approveProof, createRevision, requestProofChanges } from '../src/modules/proofs/workflow';
import { findProofEvent } from '../src/modules/orders/orders';
import { insertProofEvent } from '../src/modules/orders/events';
import {
  addToCart,
  customerInfo,
  pay,
  placeOrder,
  register,
  registerAdmin,
} from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let app: TestApp;
let admin: TestAgent;
let adminEmail: string;
let uploadDir: string;

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'shop-proof-workflow-'));
  app = await startTestApp({ UPLOAD_DIR: uploadDir, SHOP_TIME_ZONE: 'America/New_York' });
  admin = app.agent();
  adminEmail = (await registerAdmin(admin)).body.email;
});
afterAll(async () => {
  await app?.close();
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

interface PaidOrder {
  orderId: string;
  orderNumber: number;
  itemIds: string[];
}

async function paidOrder(
  agent: TestAgent,
  { texts = ['MAIN PUMP'], skipProof }: { texts?: string[]; skipProof?: boolean } = {},
): Promise<PaidOrder> {
  const itemIds: string[] = [];
  for (const customText of texts) {
    itemIds.push((await addToCart(agent, { customText })).body.item.id);
  }
  const placed = await agent.request('POST', '/api/orders', {
    body: { customerInfo: customerInfo(), ...(skipProof === undefined ? {} : { skipProof }) },
  });
  expect([200, 201], placed.text).toContain(placed.status);
  expect((await pay(agent, placed.body.orderId)).status).toBe(200);
  return { orderId: placed.body.orderId, orderNumber: placed.body.orderNumber, itemIds };
}

async function fetchBytes(agent: TestAgent, urlPath: string) {
  const headers: Record<string, string> = { 'x-session-id': agent.sessionId };
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${app.baseUrl}${urlPath}`, { headers });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function uploadRevision(
  orderId: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes]), file.name);
  const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${app.baseUrl}/api/admin/orders/${orderId}/proof/revisions`, {
    method: 'POST',
    headers: { 'x-session-id': admin.sessionId, cookie },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const svgTexts = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) =>
    match[1]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'),
  );
const squash = (value: string) => value.replace(/\s+/g, '');

describe('paying an order', () => {
  it('when the shopper did not skip the proof, then the order awaits approval and the proof email (a PDF per line, a link to the order page) is queued', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest, { texts: ['MAIN PUMP', 'EXIT'] });
    const detail = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
    expect(detail.body.status).toBe('awaiting_proof');
    expect(detail.body.history.at(-1)).toMatchObject({
      from: 'pending_payment',
      to: 'awaiting_proof',
    });
    expect(detail.body.proofHistory[0].text).toBe('Proof (revision 1) sent to the customer');

    const mail = await OutboxModel.findOne({ key: `proof_request:${order.orderId}:1` }).lean();
    expect(mail).not.toBeNull();
    expect(mail!.kind).toBe('proof_request');
    expect(mail!.subject).toBe(
      `Your proof for order #${order.orderNumber}: please approve before we engrave`,
    );
    expect(mail!.text).toContain(`/orders/${order.orderNumber}`);
    expect(mail!.attachments.map((attachment) => attachment.filename)).toEqual([
      `proof-${order.orderNumber}-1-rev1.pdf`,
      `proof-${order.orderNumber}-2-rev1.pdf`,
    ]);
  });

  it('when the order is paid, then its confirmation email says a proof comes first and what the customer is asked to do; skipped, that it is engraved as ordered', async () => {
    const withProof = await paidOrder(app.agent());
    const confirmation = await OutboxModel.findOne({
      key: `order_confirmation:${withProof.orderId}`,
    }).lean();
    const asked =
      'First, a proof: we email you a proof of each label. Check it on your order page, then approve it or tell us what to change. We engrave only after you approve.';
    expect(confirmation!.text).toContain(asked);
    expect(confirmation!.html).toContain(asked);

    const skipped = await paidOrder(app.agent(), { skipProof: true });
    const asShown = await OutboxModel.findOne({
      key: `order_confirmation:${skipped.orderId}`,
    }).lean();
    expect(asShown!.text).toContain(
      'You chose to skip the proof, so we engrave your labels exactly as ordered.',
    );
    expect(asShown!.text).not.toContain('First, a proof');
  });

  it('when a label has two lines of text, then the confirmation lists them on its line, not at the margin', async () => {
    const order = await paidOrder(app.agent(), { texts: ['DANGER\n480 VOLTS'] });
    const confirmation = await OutboxModel.findOne({
      key: `order_confirmation:${order.orderId}`,
    }).lean();
    expect(confirmation!.text).toContain('\n  Text: DANGER / 480 VOLTS\n');
    expect(confirmation!.text).not.toMatch(/^480 VOLTS/m);
  });

  it('when the shopper ticked "Skip the proof, engrave as shown", then the paid order goes straight to processing with no proof email', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest, { skipProof: true });
    const detail = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
    expect(detail.body.status).toBe('processing');
    expect(detail.body.history.at(-1).note).toContain('proof skipped at checkout');
    expect(
      await OutboxModel.findOne({ key: `proof_request:${order.orderId}:1` }).lean(),
    ).toBeNull();
    const proof = await guest.request('GET', `/api/orders/${order.orderId}/proof`);
    expect(proof.body.status).toBe('skipped');
  });

  it('when the order is not paid yet, then its proof has no status and no revision: it is sent at payment, not skipped', async () => {
    const guest = app.agent();
    await addToCart(guest, { customText: 'MAIN PUMP' });
    const placed = await guest.request('POST', '/api/orders', {
      body: { customerInfo: customerInfo() },
    });
    expect(placed.status, placed.text).toBe(201);
    const proof = await guest.request('GET', `/api/orders/${placed.body.orderId}/proof`);
    expect(proof.status).toBe(200);
    expect(proof.body).toMatchObject({ status: null, revision: 0, revisions: [] });
    const asAdmin = await admin.request('GET', `/api/admin/orders/${placed.body.orderId}/proof`);
    expect(asAdmin.body.status).toBeNull();
  });
});

describe('skipping the proof', () => {
  it('when a line’s text is too small to engrave legibly, then "engrave as shown" is refused, naming the line, and the order can be placed with its proof', async () => {
    const guest = app.agent();
    await addToCart(guest, { customText: 'MAIN PUMP' });
    await addToCart(guest, {
      width: 0.8,
      height: 0.8,
      customText: 'MAIN DISCONNECT 480V THREE PHASE',
    });
    const refused = await guest.request('POST', '/api/orders', {
      body: { customerInfo: customerInfo(), skipProof: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Label 2: the text is too small to engrave legibly (its capitals would be under 0.125″), so we send a proof first. Uncheck “Skip the proof, engrave as shown” or change the label.',
    );
    expect(refused.body.errors).toEqual([{ path: 'skipProof', message: refused.body.message }]);

    const placed = await guest.request('POST', '/api/orders', {
      body: { customerInfo: customerInfo() },
    });
    expect(placed.status, placed.text).toBe(201);
    expect((await pay(guest, placed.body.orderId)).status).toBe(200);
    const detail = await admin.request('GET', `/api/admin/orders/${placed.body.orderId}`);
    expect(detail.body.status).toBe('awaiting_proof');
  });
});

describe('answering the proof', () => {
  it('when anyone but the order’s owner approves or asks for changes, then 404 and nothing changes; the owner approves once (name and time kept)', async () => {
    const owner = app.agent();
    await register(owner);
    const order = await paidOrder(owner);
    const approve = `/api/orders/${order.orderId}/proof/approve`;
    const changes = `/api/orders/${order.orderId}/proof/changes`;
    const answer = { revision: 1, name: 'Ann Lee' };
    const comment = { revision: 1, comments: [{ lineId: order.itemIds[0], comment: 'Bigger' }] };

    const otherCustomer = app.agent();
    await register(otherCustomer);
    const guest = app.agent();
    for (const stranger of [otherCustomer, guest]) {
      expect((await stranger.request('POST', approve, { body: answer })).status).toBe(404);
      expect((await stranger.request('POST', changes, { body: comment })).status).toBe(404);
      expect((await stranger.request('GET', `/api/orders/${order.orderId}/proof`)).status).toBe(
        404,
      );
    }
    // The admin is not the customer: approving is the customer's alone.
    expect((await admin.request('POST', approve, { body: answer })).status).toBe(404);
    expect((await app.request('GET', `/api/admin/orders/${order.orderId}/proof`)).status).toBe(401);
    const untouched = await admin.request('GET', `/api/admin/orders/${order.orderId}/proof`);
    expect(untouched.body.status).toBe('awaiting_approval');

    const approved = await owner.request('POST', approve, { body: answer });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect(approved.body.revisions[0].approval).toMatchObject({ name: 'Ann Lee' });
    expect(Date.parse(approved.body.revisions[0].approval.at)).not.toBeNaN();
    const again = await owner.request('POST', approve, { body: answer });
    expect(again.status).toBe(409);
  });

  it('when a guest opens the order through its guest link (another browser), then they may approve; a wrong link gets 404', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const token = signOrderLink(order.orderId, app.config.orderLinkSecret);
    const elsewhere = app.agent();
    const approve = `/api/orders/${order.orderId}/proof/approve`;
    const body = { revision: 1, name: 'Ann Lee' };
    const wrongLink = await elsewhere.request('POST', `${approve}?access=${token.slice(0, -2)}xx`, {
      body,
    });
    expect(wrongLink.status).toBe(404);
    const otherOrder = await paidOrder(app.agent());
    const linkOfAnother = signOrderLink(otherOrder.orderId, app.config.orderLinkSecret);
    expect(
      (await elsewhere.request('POST', `${approve}?access=${linkOfAnother}`, { body })).status,
    ).toBe(404);
    const svg = await fetchBytes(
      elsewhere,
      `/api/orders/${order.orderId}/items/${order.itemIds[0]}/proof.svg?access=${token}`,
    );
    expect(svg.status).toBe(200);
    const approved = await elsewhere.request(
      'POST',
      `${approve}?access=${encodeURIComponent(token)}`,
      { body },
    );
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.status).toBe('approved');
    // The proof email's link opens the order page with the guest link.
    const mail = await OutboxModel.findOne({ key: `proof_request:${order.orderId}:1` }).lean();
    expect(mail!.text).toMatch(new RegExp(`/orders/${order.orderNumber}\\?access=`));
  });

  it('when the proof is read through a guest link, then its answer carries that same link, never one lasting longer, and once the link expires the order is refused; the owner gets a link for the page’s images', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const secret = app.config.orderLinkSecret;
    const proofUrl = `/api/orders/${order.orderId}/proof`;
    const svgUrl = `/api/orders/${order.orderId}/items/${order.itemIds[0]}/proof.svg`;
    // The proof email was sent 20 days ago: its link has 10 days left.
    const mailedAt = new Date(Date.now() - 20 * DAY_MS);
    const mailed = signOrderLink(order.orderId, secret, mailedAt);
    const mailedExpiresAt = new Date(mailedAt.getTime() + ORDER_LINK_LIFETIME_DAYS * DAY_MS);
    expect(isValidOrderLink(mailed, order.orderId, secret, mailedExpiresAt)).toBe(false);

    // Whoever holds the forwarded email, in another browser, swapping in each answer's link.
    const elsewhere = app.agent();
    let presented = mailed;
    for (let visit = 0; visit < 3; visit += 1) {
      const read = await elsewhere.request(
        'GET',
        `${proofUrl}?access=${encodeURIComponent(presented)}`,
      );
      expect(read.status, read.text).toBe(200);
      // Whatever the answer carries opens nothing once the mailed link has expired: it is that link.
      expect(isValidOrderLink(read.body.access, order.orderId, secret, mailedExpiresAt)).toBe(
        false,
      );
      expect(read.body.access).toBe(mailed);
      presented = read.body.access;
    }
    // Until then it opens the page's images, which is what the answer's link is for.
    expect(
      (await fetchBytes(elsewhere, `${svgUrl}?access=${encodeURIComponent(presented)}`)).status,
    ).toBe(200);

    // Past its 30 days the link opens neither the proof, its drawing, the order nor an answer.
    const expired = signOrderLink(order.orderId, secret, new Date(Date.now() - 31 * DAY_MS));
    const query = `?access=${encodeURIComponent(expired)}`;
    expect((await elsewhere.request('GET', `${proofUrl}${query}`)).status).toBe(404);
    expect((await fetchBytes(elsewhere, `${svgUrl}${query}`)).status).toBe(404);
    expect((await elsewhere.request('GET', `/api/orders/${order.orderId}${query}`)).status).toBe(
      404,
    );
    const late = await elsewhere.request('POST', `${proofUrl}/approve${query}`, {
      body: { revision: 1, name: 'Ann Lee' },
    });
    expect(late.status).toBe(404);
    const still = await guest.request('GET', proofUrl);
    expect(still.body.status).toBe('awaiting_approval');

    // The owner (the session that placed it) gets a link of its own for the page's images and PDFs.
    expect(isValidOrderLink(still.body.access, order.orderId, secret)).toBe(true);
    expect(
      (await fetchBytes(app.agent(), `${svgUrl}?access=${encodeURIComponent(still.body.access)}`))
        .status,
    ).toBe(200);
  });

  it('when the approval has no name or names an old revision, then it is refused', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const approve = `/api/orders/${order.orderId}/proof/approve`;
    const noName = await guest.request('POST', approve, { body: { revision: 1, name: ' ' } });
    expect(noName.status).toBe(400);
    expect(noName.body.errors[0]).toMatchObject({
      path: 'name',
      message: 'Please enter your name',
    });
    const wrong = await guest.request('POST', approve, { body: { revision: 2, name: 'Ann' } });
    expect(wrong.status).toBe(409);
    const lineNotInOrder = await guest.request(
      'POST',
      `/api/orders/${order.orderId}/proof/changes`,
      {
        body: { revision: 1, comments: [{ lineId: 'a'.repeat(24), comment: 'x' }] },
      },
    );
    expect(lineNotInOrder.status).toBe(400);
    const noComment = await guest.request('POST', `/api/orders/${order.orderId}/proof/changes`, {
      body: { revision: 1, comments: [{ lineId: order.itemIds[0], comment: '  ' }] },
    });
    expect(noComment.status).toBe(400);
    // The shopper's word for a line, as the proof section says it.
    expect(noComment.body.errors[0]).toMatchObject({
      path: 'comments',
      message: 'Please describe the change for at least one label',
    });
  });
});

describe('moving to processing', () => {
  it('when the proof is not approved, then the order cannot reach processing; an override needs a reason and is kept in the history', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const patch = await admin.request('PATCH', `/api/admin/orders/${order.orderId}`, {
      body: { status: 'processing' },
    });
    expect(patch.status).toBe(409);
    expect(patch.body.message).toMatch(/proof is not approved/);

    const noReason = await admin.request(
      'POST',
      `/api/admin/orders/${order.orderId}/proof/override`,
      {
        body: { reason: '' },
      },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].path).toBe('reason');
    expect((await admin.request('GET', `/api/admin/orders/${order.orderId}`)).body.status).toBe(
      'awaiting_proof',
    );

    const overridden = await admin.request(
      'POST',
      `/api/admin/orders/${order.orderId}/proof/override`,
      { body: { reason: 'Customer approved by phone on 555-0100' } },
    );
    expect(overridden.status, overridden.text).toBe(200);
    expect(overridden.body.status).toBe('processing');
    const detail = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
    expect(detail.body.history.at(-1)).toMatchObject({
      from: 'awaiting_proof',
      to: 'processing',
      note: 'Override: Customer approved by phone on 555-0100',
    });
    expect(detail.body.proofHistory.map((entry: { text: string }) => entry.text)).toContain(
      "Moved on without the customer's approval (revision 1): Customer approved by phone on 555-0100",
    );
    const proof = await admin.request('GET', `/api/admin/orders/${order.orderId}/proof`);
    expect(proof.body.override).toMatchObject({ reason: 'Customer approved by phone on 555-0100' });
    // The customer is told the order went ahead without their approval, never the shop's reason.
    const told = await OutboxModel.find({ key: `proof_overridden:${order.orderId}` }).lean();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      kind: 'proof_overridden',
      subject: `Order #${order.orderNumber} is in production`,
    });
    expect(told[0]!.text).toContain('as proof revision 1 shows, without waiting for your approval');
    expect(told[0]!.text).not.toContain('555-0100');
  });

  it('when an admin made a revision and overrode the proof, then the customer’s proof shows the shop, never the admin’s email or the override’s reason, while the admin’s view names them', async () => {
    const owner = app.agent();
    await register(owner);
    const order = await paidOrder(owner);
    const [lineId] = order.itemIds as [string];
    const proofUrl = `/api/orders/${order.orderId}/proof`;
    const reason = 'Approved by phone, ticket 4471, see the internal notes';
    const leaks = (answer: unknown) => {
      const json = JSON.stringify(answer).toLowerCase();
      return {
        adminEmail: json.includes(adminEmail.toLowerCase()),
        reason: json.includes(reason.toLowerCase()),
      };
    };

    await owner.request('POST', `${proofUrl}/changes`, {
      body: { revision: 1, comments: [{ lineId, comment: 'Bigger, please' }] },
    });
    const revised = await uploadRevision(order.orderId, {
      lineId,
      customText: 'BIGGER',
      note: 'Larger text',
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(201);
    // The customer's answer to revision 2 is a customer's view too.
    const asked = await owner.request('POST', `${proofUrl}/changes`, {
      body: { revision: 2, comments: [{ lineId, comment: 'Bolder, please' }] },
    });
    expect(asked.status, asked.text).toBe(200);
    expect(leaks(asked.body)).toEqual({ adminEmail: false, reason: false });

    const overridden = await admin.request(
      'POST',
      `/api/admin/orders/${order.orderId}/proof/override`,
      {
        body: { reason },
      },
    );
    expect(overridden.status, overridden.text).toBe(200);

    const token = signOrderLink(order.orderId, app.config.orderLinkSecret);
    const byLink = await app
      .agent()
      .request('GET', `${proofUrl}?access=${encodeURIComponent(token)}`);
    for (const seen of [await owner.request('GET', proofUrl), byLink]) {
      expect(seen.status, seen.text).toBe(200);
      expect(leaks(seen.body)).toEqual({ adminEmail: false, reason: false });
      expect(seen.body.status).toBe('overridden');
      expect(seen.body.override).toMatchObject({ by: 'shop', reason: '' });
      expect(Date.parse(seen.body.override.at)).not.toBeNaN();
      const history = seen.body.history as Array<{ by: string | null; text: string }>;
      expect(history.map((entry) => entry.by)).toEqual([null, 'customer', null, 'customer', null]);
      expect(history.map((entry) => entry.text)).toEqual([
        'Proof (revision 1) sent to the customer',
        'Changes requested on revision 1: label 1: Bigger, please',
        'Revision 2 sent to the customer: Larger text',
        'Changes requested on revision 2: label 1: Bolder, please',
        'Moved on without approval (revision 2)',
      ]);
    }

    // The admin's own view still says which admin did it, and why.
    const adminView = await admin.request('GET', `/api/admin/orders/${order.orderId}/proof`);
    expect(adminView.body.override).toMatchObject({ by: adminEmail, reason });
    expect(adminView.body.history.map((entry: { by: string | null }) => entry.by)).toEqual([
      null,
      'customer',
      adminEmail,
      'customer',
      adminEmail,
    ]);
  });

  it('when the customer approves, then the order is in processing at once: its status, the admin’s table, both histories and an email say so', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const approved = await guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 1, name: 'Ann Lee' },
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.status).toBe('approved');
    // The answer opens the proof's drawings as the read's does (an <img> sends no session header).
    const svg = `/api/orders/${order.orderId}/items/${approved.body.revisions[0].lines[0].lineId}/proof.svg?revision=1`;
    const drawing = await app.request(
      'GET',
      `${svg}&access=${encodeURIComponent(approved.body.access)}`,
      { sessionId: null },
    );
    expect(drawing.status).toBe(200);

    const page = await guest.request('GET', `/api/orders/${order.orderId}`);
    expect(page.body.status).toBe('processing');
    expect(page.body.history.map((step: { status: string }) => step.status)).toEqual([
      'pending_payment',
      'awaiting_proof',
      'processing',
    ]);
    const detail = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
    expect(detail.body.status).toBe('processing');
    expect(detail.body.history.at(-1)).toMatchObject({
      from: 'awaiting_proof',
      to: 'processing',
      by: 'customer',
      note: 'Proof (revision 1) approved by Ann Lee',
    });
    const table = await admin.request(
      'GET',
      `/api/admin/orders?q=${order.orderNumber}&status=processing`,
    );
    expect(table.status, table.text).toBe(200);
    expect(table.body.orders.map((listed: { id: string }) => listed.id)).toContain(order.orderId);

    const mail = await OutboxModel.findOne({ key: `proof_approved:${order.orderId}` }).lean();
    expect(mail).toMatchObject({
      kind: 'proof_approved',
      subject: `Proof approved: order #${order.orderNumber} is in production`,
    });
    expect(mail!.text).toContain('Production takes 3 to 5 business days.');

    // Nothing is left for the admin to move: it is in processing already.
    const moved = await admin.request('PATCH', `/api/admin/orders/${order.orderId}`, {
      body: { status: 'processing' },
    });
    expect(moved.status).toBe(409);
  });

  it('when an approval stopped after its answer was recorded, then the customer’s next click moves the order on, once', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    // What a call that stopped after recording the approval leaves: the answer, the order unmoved.
    await OrderModel.updateOne({ _id: order.orderId }, { $set: { 'proof.status': 'approved' } });
    const again = await guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 1, name: 'Ann Lee' },
    });
    expect(again.status, again.text).toBe(200);
    expect((await guest.request('GET', `/api/orders/${order.orderId}`)).body.status).toBe(
      'processing',
    );
    const third = await guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 1, name: 'Ann Lee' },
    });
    expect(third.status).toBe(409);
  });

  it('when two people approve at the same moment under different names, then the history, the move and the email all name the one whose approval was recorded', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    // Ann's approval is recorded; her call has not yet written the proof's state.
    await insertProofEvent({
      orderId: order.orderId,
      key: '1:decision',
      at: new Date(),
      by: 'customer',
      note: 'Proof (revision 1) approved by Ann Lee',
      proof: { action: 'approved', revision: 1, name: 'Ann Lee' },
    });
    const bob = await guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 1, name: 'Bob Stone' },
    });
    expect(bob.status, bob.text).toBe(200);
    expect(bob.body.revisions[0].approval).toMatchObject({ name: 'Ann Lee' });
    const detail = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
    expect(detail.body.status).toBe('processing');
    const notes = detail.body.history.map((move: { note: string | null }) => move.note).join('\n');
    expect(notes).toContain('approved by Ann Lee');
    expect(notes).not.toContain('Bob Stone');
    const mail = await OutboxModel.findOne({ key: `proof_approved:${order.orderId}` }).lean();
    expect(mail!.text).toContain('Ann Lee');
    expect(mail!.text).not.toContain('Bob Stone');
  });

  it('when an approval stopped after the order moved on and before its email, then the customer’s next click queues the email, once, naming who approved', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const approve = () =>
      guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
        body: { revision: 1, name: 'Someone Else' },
      });
    const first = await guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 1, name: 'Ann Lee' },
    });
    expect(first.status, first.text).toBe(200);
    const key = `proof_approved:${order.orderId}`;
    await OutboxModel.deleteOne({ key }); // what such a call leaves: the order moved, no email
    expect((await approve()).status).toBe(409);
    expect((await approve()).status).toBe(409);
    const mails = await OutboxModel.find({ key }).lean();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Ann Lee');
    expect(mails[0]!.text).not.toContain('Someone Else');
  });

  it('when the shop sends a new revision while the customer approves the one before, then that approval moves nothing and the customer is asked to look at the new one', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    // The order as the approval's call read it, just before the revision landed.
    const seen = await OrderModel.findById(order.orderId).lean();
    const revised = await uploadRevision(order.orderId, {
      lineId: order.itemIds[0]!,
      customText: 'MAIN PUMP 2',
      note: 'Numbered',
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(201);
    await expect(
      approveProof(seen!, { revision: 1, name: 'Ann Lee' }, { config: app.config }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      message: 'A newer proof (revision 2) was sent: please look at it before answering',
    });
    expect(await OrderModel.findById(order.orderId).lean()).toMatchObject({
      status: 'awaiting_proof',
      proof: { revision: 2, status: 'awaiting_approval' },
    });
    // Revision 2 approved is what goes into production.
    const approved = await guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 2, name: 'Ann Lee' },
    });
    expect(approved.status, approved.text).toBe(200);
    expect(await OrderModel.findById(order.orderId).lean()).toMatchObject({
      status: 'processing',
      proof: { revision: 2, status: 'approved' },
    });
  });

  it('when the customer asks for changes while the shop makes a revision from the proof as it was, then the revision is refused and the request stands', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const lineId = order.itemIds[0]!;
    const revising = createRevision(
      order.orderId,
      {
        lineId,
        // The file is kept after the order was read: the customer's request lands meanwhile.
        file: async () => {
          const asked = await guest.request('POST', `/api/orders/${order.orderId}/proof/changes`, {
            body: { revision: 1, comments: [{ lineId, comment: 'Bigger letters' }] },
          });
          expect(asked.status, asked.text).toBe(200);
          return {
            hashedName: `${'a'.repeat(64)}.png`,
            originalName: 'proof.png',
            contentType: 'image/png',
          };
        },
      },
      { by: adminEmail, config: app.config },
    );
    await expect(revising).rejects.toMatchObject({
      kind: 'conflict',
      message: 'The order changed while the revision was made: reload the order',
    });
    // The admin's order still says the customer asked for changes, and no revision went out unasked.
    const detail = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
    expect(detail.body.proofStatus).toBe('changes_requested');
    expect(await OutboxModel.exists({ key: `proof_request:${order.orderId}:2` })).toBeNull();
    // Made again from the proof as it now is, the revision answers the request.
    const revised = await uploadRevision(
      order.orderId,
      { lineId },
      { name: 'proof.png', bytes: PNG },
    );
    expect(revised.status, JSON.stringify(revised.body)).toBe(201);
    expect(revised.body).toMatchObject({ status: 'awaiting_approval', revision: 2 });
  });

  it('when the customer’s approval is recorded while the shop makes a revision from the proof as it was, then the revision is refused and the approval moves the order on', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const lineId = order.itemIds[0]!;
    const revising = createRevision(
      order.orderId,
      {
        lineId,
        // The file is kept after the order was read: the approval's first write lands meanwhile.
        file: async () => {
          await OrderModel.updateOne(
            { _id: order.orderId },
            { $set: { 'proof.status': 'approved' } },
          );
          return {
            hashedName: 'a'.repeat(64) + '.png',
            originalName: 'proof.png',
            contentType: 'image/png',
          };
        },
      },
      { by: adminEmail, config: app.config },
    );
    await expect(revising).rejects.toMatchObject({
      kind: 'conflict',
      message: 'The order changed while the revision was made: reload the order',
    });
    expect(await OrderModel.findById(order.orderId).lean()).toMatchObject({
      proof: { revision: 1, status: 'approved' },
    });
    const approved = await guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 1, name: 'Ann Lee' },
    });
    expect(approved.status, approved.text).toBe(200);
    expect(await OrderModel.findById(order.orderId).lean()).toMatchObject({
      status: 'processing',
      proof: { revision: 1, status: 'approved' },
    });
  });

  it('when the admin cancelled the order first, then its approval is refused and the order stays cancelled', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const detail = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
    const cancelled = await admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
      body: { refundAmount: detail.body.total, reason: 'Customer asked' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const late = await guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 1, name: 'Ann Lee' },
    });
    expect(late.status).toBe(409);
    expect((await guest.request('GET', `/api/orders/${order.orderId}`)).body.status).toBe(
      'cancelled',
    );
  });

  it('when a cancel is under way as the customer answers, then the answer is refused and leaves nothing in the history', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest, { texts: ['MAIN PUMP', 'SPARE PUMP'] });
    // The order as the answers' calls read it, just before an admin's cancel claimed it (its refund
    // on its way).
    const seen = await OrderModel.findById(order.orderId).lean();
    await OrderModel.updateOne(
      { _id: order.orderId },
      {
        $set: {
          pendingMove: {
            from: 'awaiting_proof',
            to: 'cancelled',
            at: new Date(),
            by: adminEmail,
            note: 'Customer asked',
            refund: { cents: 100, key: `refund-${order.orderId}-1` },
            shipment: null,
          },
        },
      },
    );
    await expect(
      approveProof(seen!, { revision: 1, name: 'Racer' }, { config: app.config }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This proof is not waiting for your answer',
    });
    await expect(
      requestProofChanges(seen!, {
        revision: 1,
        comments: [{ lineId: order.itemIds[1]!, comment: 'Bigger' }],
      }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This proof is not waiting for your answer',
    });
    // Through the API too (the order read with the move under way).
    const late = await guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 1, name: 'Racer' },
    });
    expect(late.status).toBe(409);
    expect(await OrderModel.findById(order.orderId).lean()).toMatchObject({
      status: 'awaiting_proof',
      proof: { revision: 1, status: 'awaiting_approval' },
    });
    expect(await findProofEvent(order.orderId, '1:decision')).toBeNull();
  });

  it('when an order waits for approval, then the admin may cancel it with a full refund; after 14 days it is flagged overdue', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const before = await admin.request('GET', `/api/admin/orders/${order.orderId}/proof`);
    expect(before.body.approvalOverdue).toBe(false);
    const fifteenDaysAgo = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000);
    await OrderModel.updateOne(
      { _id: order.orderId },
      { $set: { 'proof.awaitingSince': fifteenDaysAgo } },
    );
    const overdue = await admin.request('GET', `/api/admin/orders/${order.orderId}/proof`);
    expect(overdue.body.approvalOverdue).toBe(true);
    const detail = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
    const cancelled = await admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
      body: { refundAmount: detail.body.total, reason: 'No proof approval in 14 days' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', refunded: detail.body.total });
  });
});

describe('revisions', () => {
  it('when the customer asks for changes and the admin edits the text, then revision 2 is sent and revision 1 is kept as it was', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest, { texts: ['480 VOLTS', 'EXIT'] });
    const [first, second] = order.itemIds as [string, string];
    const asked = await guest.request('POST', `/api/orders/${order.orderId}/proof/changes`, {
      body: {
        revision: 1,
        comments: [
          { lineId: first, comment: 'It is 208 volts, not 480' },
          { lineId: second, comment: '' },
        ],
      },
    });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.status).toBe('changes_requested');
    expect(asked.body.revisions[0].changesRequested.comments).toEqual([
      { lineId: first, comment: 'It is 208 volts, not 480' },
    ]);

    const revised = await uploadRevision(order.orderId, {
      lineId: first,
      customText: '208 VOLTS',
      note: 'Voltage corrected',
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(201);
    expect(revised.body).toMatchObject({ status: 'awaiting_approval', revision: 2 });
    // The admin's order names what is now engraved on the line.
    const detail = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
    expect(detail.body.engravedTexts).toEqual([{ lineId: first, text: '208 VOLTS' }]);

    const proof = await guest.request('GET', `/api/orders/${order.orderId}/proof`);
    expect(proof.body.revisions).toHaveLength(2);
    expect(proof.body.revisions[0].lines[0]).toMatchObject({ customText: '480 VOLTS' });
    expect(proof.body.revisions[1]).toMatchObject({ revision: 2, note: 'Voltage corrected' });
    expect(
      proof.body.revisions[1].lines.map((line: { customText: string; changed: boolean }) => [
        line.customText,
        line.changed,
      ]),
    ).toEqual([
      ['208 VOLTS', true],
      ['EXIT', false],
    ]);
    const email = await OutboxModel.findOne({ key: `proof_request:${order.orderId}:2` }).lean();
    expect(email!.subject).toBe(
      `Revised proof (revision 2) for order #${order.orderNumber}: please approve`,
    );

    // The earlier revision's drawing still shows what it showed.
    const base = `/api/orders/${order.orderId}/items/${first}`;
    const oldSvg = (await fetchBytes(guest, `${base}/proof.svg?revision=1`)).bytes.toString();
    expect(svgTexts(oldSvg)).toContain('480 VOLTS');
    const newSvg = (await fetchBytes(guest, `${base}/proof.svg`)).bytes.toString();
    expect(svgTexts(newSvg)).toContain('208 VOLTS');
    expect(svgTexts(newSvg).join(' ')).toContain('revision 2');
    // The PDF carries the same text and page size as the SVG.
    const pdf = (await fetchBytes(guest, `${base}/proof.pdf`)).bytes;
    const inPdf = squash(await pdfText(pdf));
    for (const text of svgTexts(newSvg)) expect(inPdf).toContain(squash(text));
    const viewBox = newSvg.match(/viewBox="0 0 ([\d.]+) ([\d.]+)"/)!;
    const mediaBox = pdf.toString('latin1').match(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/)!;
    expect(Number(mediaBox[1])).toBeCloseTo(Number(viewBox[1]), 1);
    expect(Number(mediaBox[2])).toBeCloseTo(Number(viewBox[2]), 1);
    expect((await fetchBytes(guest, `${base}/proof.svg?revision=3`)).status).toBe(404);

    // The answer to the old revision is refused; the new one is approved.
    const stale = await guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 1, name: 'Ann' },
    });
    expect(stale.status).toBe(409);
    const approved = await guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 2, name: 'Ann Lee' },
    });
    expect(approved.body.status).toBe('approved');
  });

  it('when the admin uploads a revised proof, then its content is checked: a PNG is kept as revision 2, a file that is not what it says is refused', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const lineId = order.itemIds[0]!;
    const fake = await uploadRevision(
      order.orderId,
      { lineId },
      { name: 'proof.png', bytes: Buffer.from('not an image at all') },
    );
    expect(fake.status).toBe(415);
    const exe = await uploadRevision(order.orderId, { lineId }, { name: 'proof.exe', bytes: PNG });
    expect(exe.status).toBe(415);
    // Names of an object's own machinery are not file types either (a plain object answered them).
    for (const name of ['proof.constructor', 'proof.__proto__', 'proof.toString']) {
      const odd = await uploadRevision(order.orderId, { lineId }, { name, bytes: PNG });
      expect(odd).toMatchObject({
        status: 415,
        body: { message: 'A proof file must be a PNG, JPG or PDF' },
      });
    }
    expect(
      (await admin.request('GET', `/api/admin/orders/${order.orderId}/proof`)).body.revision,
    ).toBe(1);

    const uploaded = await uploadRevision(
      order.orderId,
      { lineId, note: 'Layout from our designer' },
      { name: 'revised.png', bytes: PNG },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const lines = (uploaded.body.revisions as Array<{ lines: unknown[] }>)[1]!.lines;
    expect(lines[0]).toMatchObject({
      uploadedFile: { originalName: 'revised.png', contentType: 'image/png' },
      changed: true,
    });
    const file = await fetchBytes(
      guest,
      `/api/orders/${order.orderId}/items/${lineId}/proof-file?revision=2`,
    );
    expect(file.status).toBe(200);
    expect(file.bytes.equals(PNG)).toBe(true);
    const svg = (
      await fetchBytes(guest, `/api/orders/${order.orderId}/items/${lineId}/proof.svg`)
    ).bytes.toString();
    expect(svgTexts(svg).join(' ')).toContain('Revised proof: revised.png');
    expect(svg).toContain('data:image/png;base64,');
  });

  it('when a revised proof file is refused (the order does not wait for a proof, or the line is not on it), then no file is kept', async () => {
    // A PNG of its own (bytes after its end), so no other test kept the same file.
    const bytes = Buffer.concat([PNG, Buffer.from(`refused ${Date.now()} ${Math.random()}`)]);
    const kept = `proof-${createHash('sha256').update(bytes).digest('hex')}.png`;
    const keptFiles = async () =>
      (await readdir(uploadDir, { recursive: true })).filter((name) => name.endsWith(kept));
    const processing = await paidOrder(app.agent(), { skipProof: true });
    const notWaiting = await uploadRevision(
      processing.orderId,
      { lineId: processing.itemIds[0]! },
      { name: 'revised.png', bytes },
    );
    expect(notWaiting.status).toBe(409);
    const waiting = await paidOrder(app.agent());
    const otherLine = await uploadRevision(
      waiting.orderId,
      { lineId: processing.itemIds[0]! },
      { name: 'revised.png', bytes },
    );
    expect(otherLine.status).toBe(400);
    expect(await keptFiles()).toEqual([]);

    const allowed = await uploadRevision(
      waiting.orderId,
      { lineId: waiting.itemIds[0]! },
      { name: 'revised.png', bytes },
    );
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
    expect(await keptFiles()).toHaveLength(1);
  });
});

describe('the proof PDF', () => {
  it('when a proof PDF is downloaded twice, then the second download is the kept copy (same bytes, rendered once)', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const url = `/api/orders/${order.orderId}/items/${order.itemIds[0]}/proof.pdf`;
    const started = performance.now();
    const first = await fetchBytes(guest, url);
    const firstMs = performance.now() - started;
    const again = performance.now();
    const second = await fetchBytes(guest, url);
    const secondMs = performance.now() - again;
    expect(first.status).toBe(200);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(
      await ProofPdfModel.findById(`${order.orderId}:${order.itemIds[0]}:1`).lean(),
    ).not.toBeNull();
    // A figure for the report, not a threshold.
    console.info(`proof PDF: first ${firstMs.toFixed(0)} ms, kept copy ${secondMs.toFixed(0)} ms`);
  });
});

describe('the proof email', () => {
  /** The mail worker's rounds until the order's proof email is sent, and what they read. */
  async function sendProofEmail(order: PaidOrder) {
    const sent: OutgoingMail[] = [];
    const reads: string[] = [];
    mongoose.set('debug', (collection: string, method: string) => {
      if (method.startsWith('find') && !method.startsWith('findOneAnd')) reads.push(collection);
    });
    try {
      for (let round = 0; round < 10; round++) {
        const { sent: count } = await deliverDueMail({
          sender: { send: async (mail) => void sent.push(mail), close() {} },
          from: 'Shop <shop@example.com>',
          logger: createLogger('silent'),
          loadAttachment: proofAttachmentLoader(localFolderStore(uploadDir)),
          batch: 50,
        });
        if (sent.some((mail) => mail.subject.includes(`#${order.orderNumber}:`)) || count === 0)
          break;
      }
    } finally {
      mongoose.set('debug', false);
    }
    const proofMail = sent.find((mail) =>
      mail.subject.startsWith(`Your proof for order #${order.orderNumber}:`),
    );
    return { proofMail, reads, sent };
  }

  it('when the mail worker sends it, then each line’s proof PDF goes with it, drawn from the line queued with it (the order is not read), and a one-text line’s is not kept', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest, { texts: ['VALVE 7'] });
    const { proofMail, reads } = await sendProofEmail(order);
    expect(proofMail).toBeDefined();
    expect(reads).not.toContain('orders');
    expect(proofMail!.attachments).toHaveLength(1);
    const [attachment] = proofMail!.attachments!;
    expect(attachment).toMatchObject({
      filename: `proof-${order.orderNumber}-1-rev1.pdf`,
      contentType: 'application/pdf',
    });
    const key = `${order.orderId}:${order.itemIds[0]}:1`;
    expect(await ProofPdfModel.findById(key).lean()).toBeNull();
    const drawn = squash(await pdfText(attachment!.content));
    expect(drawn).toContain('VALVE7');
    // The download draws the same proof, and keeps it.
    const download = await fetchBytes(
      guest,
      `/api/orders/${order.orderId}/items/${order.itemIds[0]}/proof.pdf`,
    );
    expect(squash(await pdfText(download.bytes))).toBe(drawn);
    expect(await ProofPdfModel.findById(key).lean()).not.toBeNull();
  });

  it('when the line is a numbered series, then its email keeps the proof it drew, and the download is that copy', async () => {
    const guest = app.agent();
    const itemId = (
      await addToCart(guest, {
        customText: 'PUMP {n}',
        quantity: 30,
        series: { start: 1, step: 1, padding: 0 },
      } as never)
    ).body.item.id as string;
    const placed = await placeOrder(guest, {}, { skipProof: false });
    expect((await pay(guest, placed.orderId)).status).toBe(200);
    const { proofMail } = await sendProofEmail({ ...placed, itemIds: [itemId] });
    const [attachment] = proofMail!.attachments!;
    expect(squash(await pdfText(attachment!.content))).toContain('PUMP30');
    expect(await ProofPdfModel.findById(`${placed.orderId}:${itemId}:1`).lean()).not.toBeNull();
    const download = await fetchBytes(
      guest,
      `/api/orders/${placed.orderId}/items/${itemId}/proof.pdf`,
    );
    expect(download.bytes.equals(attachment!.content)).toBe(true);
  });

  it('when the shop uploaded a proof file for a revision, then its email carries that file as uploaded, after the line’s drawn proof', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest, { texts: ['VALVE 8'] });
    await sendProofEmail(order);
    const uploaded = await uploadRevision(
      order.orderId,
      { lineId: order.itemIds[0]!, note: 'Layout from our designer' },
      { name: 'revised.png', bytes: PNG },
    );
    expect(uploaded.status).toBe(201);
    const { sent } = await sendProofEmail(order);
    const revised = sent.find((mail) =>
      mail.subject.startsWith(`Revised proof (revision 2) for order #${order.orderNumber}:`),
    );
    expect(revised).toBeDefined();
    expect(
      revised!.attachments!.map(({ filename, contentType }) => [filename, contentType]),
    ).toEqual([
      [`proof-${order.orderNumber}-1-rev2.pdf`, 'application/pdf'],
      ['revised.png', 'image/png'],
    ]);
    expect(revised!.attachments![1]!.content.equals(PNG)).toBe(true);
  });

  it('when the message was queued without its line (an earlier version), then the worker reads the order and sends the same proof as the download', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest, { texts: ['VALVE 9'] });
    const key = `proof_request:${order.orderId}:1`;
    await OutboxModel.collection.updateOne({ key }, { $unset: { 'attachments.0.source': '' } });
    const { proofMail, reads } = await sendProofEmail(order);
    expect(proofMail).toBeDefined();
    expect(reads).toContain('orders');
    const [attachment] = proofMail!.attachments!;
    expect(squash(await pdfText(attachment!.content))).toContain('VALVE9');
    const download = await fetchBytes(
      guest,
      `/api/orders/${order.orderId}/items/${order.itemIds[0]}/proof.pdf`,
    );
    expect(squash(await pdfText(download.bytes))).toBe(squash(await pdfText(attachment!.content)));
  });
});

describe('reminders', () => {
  it('counts 2 business days in the shop’s time zone, skipping the weekend', () => {
    const zone = 'America/New_York';
    // Friday 4 January 2030, 15:00 in New York -> Tuesday 8 January, 15:00.
    expect(addBusinessDays(new Date('2030-01-04T20:00:00Z'), 2, zone).toISOString()).toBe(
      '2030-01-08T20:00:00.000Z',
    );
    // Saturday -> counted from Monday's start: Wednesday 00:00.
    expect(addBusinessDays(new Date('2030-01-05T16:00:00Z'), 2, zone).toISOString()).toBe(
      '2030-01-09T05:00:00.000Z',
    );
    // Monday 09:00 -> Wednesday 09:00.
    expect(addBusinessDays(new Date('2030-01-07T14:00:00Z'), 2, zone).toISOString()).toBe(
      '2030-01-09T14:00:00.000Z',
    );
  });

  it('when a proof is unanswered for 2 business days, then one reminder is queued (not before, and once however many workers run)', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const key = `proof_reminder:${order.orderId}:1`;
    // Filed when the proof was sent, due 2 business days after it (the days are tested above).
    const sent = (await OrderModel.findById(order.orderId).lean())!.proof!.sentAt;
    const due = addBusinessDays(new Date(sent), 2, app.config.shop.timeZone);

    await remindUnansweredProofs(app.config, new Date(due.getTime() - 60_000)); // a minute early
    expect(await OutboxModel.countDocuments({ key })).toBe(0);

    await Promise.all([
      remindUnansweredProofs(app.config, due),
      remindUnansweredProofs(app.config, due),
      remindUnansweredProofs(app.config, due),
    ]);
    await remindUnansweredProofs(app.config, new Date(due.getTime() + 12 * 86_400_000));
    expect(await OutboxModel.countDocuments({ key })).toBe(1);
    const reminder = await OutboxModel.findOne({ key }).lean();
    expect(reminder!.subject).toBe(
      `Reminder: your proof for order #${order.orderNumber} is waiting for your approval`,
    );
    const proof = await admin.request('GET', `/api/admin/orders/${order.orderId}/proof`);
    expect(proof.body.history.map((entry: { text: string }) => entry.text)).toContain(
      'Reminder sent: revision 1 not answered in 2 business days',
    );
  });

  it('when a cancel holds the order (its refund not yet answered), then the reminder waits, and goes if the order stays waiting', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const key = `proof_reminder:${order.orderId}:1`;
    const later = new Date(Date.now() + 12 * 86_400_000);
    const held = {
      from: 'awaiting_proof',
      to: 'cancelled',
      at: new Date(),
      by: adminEmail,
      note: null,
      refund: { amountCents: 100 },
      shipment: null,
      unanswered: true,
    };
    await OrderModel.updateOne({ _id: order.orderId }, { $set: { pendingMove: held } });
    await remindUnansweredProofs(app.config, later);
    expect(await OutboxModel.countDocuments({ key })).toBe(0);
    // The refund was refused: the move is given back and the order still waits for approval.
    await OrderModel.updateOne({ _id: order.orderId }, { $set: { pendingMove: null } });
    await remindUnansweredProofs(app.config, later);
    expect(await OutboxModel.countDocuments({ key })).toBe(1);
  });

  it('a revision’s email says what it answers: the changes asked for, or a revision unasked, and names a proof file', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const [lineId] = order.itemIds as [string];
    const mailOf = async (revision: number) =>
      (await OutboxModel.findOne({ key: `proof_request:${order.orderId}:${revision}` }).lean())!;

    // Revised by the shop before the customer answered: nothing was asked for.
    expect(
      (await uploadRevision(order.orderId, { lineId, customText: 'MAIN PUMP 1' })).status,
    ).toBe(201);
    const unasked = await mailOf(2);
    expect(unasked.text).toContain(
      `We have revised the proof of order #${order.orderNumber}: here is revision 2.`,
    );
    expect(unasked.text).not.toContain('you asked for');

    // Asked for, and answered with the shop's own proof file: the email names the file.
    await guest.request('POST', `/api/orders/${order.orderId}/proof/changes`, {
      body: { revision: 2, comments: [{ lineId, comment: 'Use our logo' }] },
    });
    const withFile = await uploadRevision(
      order.orderId,
      { lineId },
      { name: 'logo-proof.png', bytes: PNG },
    );
    expect(withFile.status, JSON.stringify(withFile.body)).toBe(201);
    const asked = await mailOf(3);
    expect(asked.text).toContain(
      `We have made the changes you asked for on order #${order.orderNumber}: here is revision 3 of the proof.`,
    );
    expect(asked.text).toContain('attached as a PDF, with the proof files we made:');
    expect(asked.text).toMatch(
      /Label 1: .*"MAIN PUMP 1"; our proof file logo-proof\.png \(changed\)/,
    );
  });

  it('when the proof was answered, then no reminder is sent', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    await guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 1, name: 'Ann' },
    });
    // Well past when its reminder fell due: the order moved on, so the entry is done unsent.
    await remindUnansweredProofs(app.config, new Date(Date.now() + 12 * 86_400_000));
    expect(await OutboxModel.countDocuments({ key: `proof_reminder:${order.orderId}:1` })).toBe(0);
  });

  it('when a newer revision was sent, then only that revision is reminded, by its number and what changed', async () => {
    const guest = app.agent();
    const order = await paidOrder(guest);
    const [lineId] = order.itemIds as [string];
    const asked = await guest.request('POST', `/api/orders/${order.orderId}/proof/changes`, {
      body: { revision: 1, comments: [{ lineId, comment: 'Bigger, please' }] },
    });
    expect(asked.status, asked.text).toBe(200);
    const revised = await uploadRevision(order.orderId, {
      lineId,
      customText: 'BIGGER',
      note: 'Larger text, as asked',
    });
    expect(revised.status).toBe(201);
    await remindUnansweredProofs(app.config, new Date(Date.now() + 12 * 86_400_000));
    expect(await OutboxModel.countDocuments({ key: `proof_reminder:${order.orderId}:1` })).toBe(0);
    const reminder = await OutboxModel.findOne({
      key: `proof_reminder:${order.orderId}:2`,
    }).lean();
    expect(reminder!.subject).toBe(
      `Reminder: revision 2 of your proof for order #${order.orderNumber} is waiting for your approval`,
    );
    expect(reminder!.text).toContain(
      `We have not heard from you about revision 2 of the proof of order #${order.orderNumber}.`,
    );
    expect(reminder!.text).toContain('What changed: Larger text, as asked');
  });
});

describe('after a revision changed a line’s text', () => {
  it('when the customer orders again, then the cart gets the engraved text (the last revision’s), the ordered price, and the text change is named', async () => {
    const owner = app.agent();
    await register(owner);
    const order = await paidOrder(owner, { texts: ['MAIN PUMP', 'EXIT'] });
    const [lineId] = order.itemIds as [string];
    await owner.request('POST', `/api/orders/${order.orderId}/proof/changes`, {
      body: { revision: 1, comments: [{ lineId, comment: 'Please make it MAIN PUMP 2' }] },
    });
    const revised = await uploadRevision(order.orderId, { lineId, customText: 'MAIN PUMP 2' });
    expect(revised.status, JSON.stringify(revised.body)).toBe(201);
    const approved = await owner.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
      body: { revision: 2, name: 'Ann Lee' },
    });
    expect(approved.status, approved.text).toBe(200);

    const response = await owner.request('POST', `/api/orders/${order.orderId}/reorder`);
    expect(response.status, response.text).toBe(200);
    expect(
      response.body.cart.items.map(
        (item: { productConfig: { customText: string } }) => item.productConfig.customText,
      ),
    ).toEqual(['MAIN PUMP 2', 'EXIT']);
    expect(response.body.textChanges).toEqual([
      { orderLineId: lineId, orderedText: 'MAIN PUMP', engravedText: 'MAIN PUMP 2' },
    ]);
    // Prices as the reorder rules say: today's, named only when they changed (they did not).
    expect(response.body.priceChanges).toEqual([]);
  });

  it('when the customer reads the order history, then each order says where its proof stands', async () => {
    const owner = app.agent();
    await register(owner);
    const order = await paidOrder(owner);
    const [lineId] = order.itemIds as [string];
    const before = await owner.request('GET', '/api/orders');
    expect(before.body[0]).toMatchObject({
      status: 'awaiting_proof',
      proofStatus: 'awaiting_approval',
    });

    await owner.request('POST', `/api/orders/${order.orderId}/proof/changes`, {
      body: { revision: 1, comments: [{ lineId, comment: 'Bigger, please' }] },
    });
    const after = await owner.request('GET', '/api/orders');
    expect(after.body[0]).toMatchObject({
      status: 'awaiting_proof',
      proofStatus: 'changes_requested',
    });
    const detail = await owner.request('GET', `/api/orders/by-number/${order.orderNumber}`);
    expect(detail.body.proofStatus).toBe('changes_requested');
  });
});
