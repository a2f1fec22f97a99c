// The sweep of guests' files and spreadsheets (uploads/model.ts and asset-tags/model.ts, sweepAfter):
// what no order and no cart holds goes GUEST_UPLOAD_KEPT_DAYS after it was uploaded, file and all;
// what an order was placed with, a customer's, and what a guest's cart still holds stay. Times are
// injected (`now`), as the jobs pass them; a file's own write time is set back where it must look old.
import { access, mkdtemp, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepGuestSheets } from '../src/modules/asset-tags/asset-tags';
import { LabelSheetModel } from '../src/modules/asset-tags/model';
import { findGuestCartHoldings, removeAbandonedGuestCarts } from '../src/modules/cart/cart';
import { GUEST_CART_KEPT_DAYS } from '../src/modules/cart/model';
import { GUEST_UPLOAD_KEPT_DAYS, UploadModel } from '../src/modules/uploads/model';
import { localFolderStore } from '../src/modules/uploads/storage';
import { sweepGuestUploads } from '../src/modules/uploads/uploads';
import { trusted } from '../src/platform/db';
import {
  addToCart,
  label,
  pay,
  PASSWORD,
  placeOrder,
  register,
  uniqueEmail,
  uploadFile,
  uploadSheet as uploadSheetAs,
} from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let uploadDir: string;
let app: TestApp;
beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'shop-guest-files-'));
  app = await startTestApp({ UPLOAD_DIR: uploadDir });
});
afterAll(async () => {
  await app?.close();
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});

const DAY_MS = 24 * 60 * 60 * 1000;
const daysOn = (days: number) => new Date(Date.now() + days * DAY_MS);
async function upload(agent: TestAgent, name: string, content: string): Promise<string> {
  const filename = await uploadFile(app.baseUrl, agent, name, content);
  // Written long ago, as a file the sweep finds 90 days on would be.
  const long = new Date(Date.now() - 100 * DAY_MS);
  await utimes(path.join(uploadDir, filename), long, long);
  return filename;
}

const onDisk = (filename: string) =>
  access(path.join(uploadDir, filename)).then(
    () => true,
    () => false,
  );
const recordOf = (agent: TestAgent, filename: string) =>
  UploadModel.findById(`s:${agent.sessionId}:${filename}`).lean();
const sweepUploads = (days: number) =>
  sweepGuestUploads(localFolderStore(uploadDir), findGuestCartHoldings, daysOn(days), 100);

describe("the sweep of guests' uploads", () => {
  it('removes an upload no cart or order holds once it is due, record and file, and not a day before', async () => {
    const guest = app.agent();
    const filename = await upload(guest, 'never-used.txt', `never used ${Date.now()}`);
    const record = await recordOf(guest, filename);
    expect(record?.sweepAfter?.getTime()).toBeGreaterThan(
      daysOn(GUEST_UPLOAD_KEPT_DAYS - 1).getTime(),
    );

    await sweepUploads(GUEST_UPLOAD_KEPT_DAYS - 1);
    expect(await recordOf(guest, filename)).not.toBeNull();
    expect(await onDisk(filename)).toBe(true);

    expect(await sweepUploads(GUEST_UPLOAD_KEPT_DAYS + 1)).toBeGreaterThanOrEqual(1);
    expect(await recordOf(guest, filename)).toBeNull();
    expect(await onDisk(filename)).toBe(false);
  });

  it("keeps the file while another guest's record of the same bytes stays, and a file written again just now", async () => {
    const content = `shared artwork ${Date.now()}`;
    const first = app.agent();
    const filename = await upload(first, 'shared.txt', content);
    const second = app.agent();
    await addToCart(second, {
      files: [{ hashedName: await upload(second, 'shared.txt', content), originalName: 'x.txt' }],
    });

    await sweepUploads(GUEST_UPLOAD_KEPT_DAYS + 1);
    expect(await recordOf(first, filename)).toBeNull();
    expect(await recordOf(second, filename)).not.toBeNull();
    expect(await onDisk(filename)).toBe(true);

    // The second guest's cart goes; the same bytes were uploaded again a moment ago by a third.
    await removeAbandonedGuestCarts(daysOn(GUEST_CART_KEPT_DAYS + 1), 100);
    const now = new Date();
    await utimes(path.join(uploadDir, filename), now, now);
    await sweepUploads(GUEST_CART_KEPT_DAYS + 2);
    expect(await recordOf(second, filename)).toBeNull();
    expect(await onDisk(filename)).toBe(true);
  });

  it("looks again when the guest's cart would be abandoned while the cart holds the file, and removes it once the cart is gone", async () => {
    const guest = app.agent();
    const filename = await upload(guest, 'in-cart.txt', `in the cart ${Date.now()}`);
    await addToCart(guest, { files: [{ hashedName: filename, originalName: 'in-cart.txt' }] });
    const cartEnd = (await findGuestCartHoldings(guest.sessionId))!.abandonedAfter;

    // Looked at again at the cart's end, and at least a day on (the cart may outlive its end by
    // the hour the abandoned-carts sweep takes).
    const due = (await recordOf(guest, filename))!.sweepAfter!;
    await sweepGuestUploads(localFolderStore(uploadDir), findGuestCartHoldings, due, 100);
    const again = (await recordOf(guest, filename))!.sweepAfter!;
    expect(again.getTime()).toBe(Math.max(cartEnd.getTime(), due.getTime() + DAY_MS));
    expect(await onDisk(filename)).toBe(true);

    await removeAbandonedGuestCarts(again, 100);
    await sweepGuestUploads(localFolderStore(uploadDir), findGuestCartHoldings, again, 100);
    expect(await recordOf(guest, filename)).toBeNull();
    expect(await onDisk(filename)).toBe(false);
  });

  it('keeps for good what an order was placed with: the record is never due and the file stays', async () => {
    const guest = app.agent();
    const filename = await upload(guest, 'ordered.txt', `ordered artwork ${Date.now()}`);
    await addToCart(guest, { files: [{ hashedName: filename, originalName: 'ordered.txt' }] });
    const order = await placeOrder(guest);
    expect((await pay(guest, order.orderId)).status).toBe(200);

    await sweepUploads(10 * GUEST_UPLOAD_KEPT_DAYS);
    const record = await recordOf(guest, filename);
    expect(record).not.toBeNull();
    expect(record?.sweepAfter).toBeUndefined();
    expect(await onDisk(filename)).toBe(true);
  });

  it("never sweeps a customer's upload, nor a guest's once the guest signs in", async () => {
    const customer = app.agent();
    await register(customer);
    const own = await upload(customer, 'customer.txt', `customer's ${Date.now()}`);
    const guest = app.agent();
    const handed = await upload(guest, 'guest-then-customer.txt', `guest's ${Date.now()}`);
    await register(guest);

    await sweepUploads(10 * GUEST_UPLOAD_KEPT_DAYS);
    const records = await UploadModel.find({ filename: trusted({ $in: [own, handed] }) }).lean();
    expect(records.map((record) => [record.filename, record.customerId !== null])).toEqual(
      expect.arrayContaining([
        [own, true],
        [handed, true],
      ]),
    );
    expect(records.every((record) => record.sweepAfter === undefined)).toBe(true);
    expect(await onDisk(own)).toBe(true);
    expect(await onDisk(handed)).toBe(true);
  });
});

const SHEET = 'Tag,Name\nV-1,Valve 1\nV-2,Valve 2\n';

const uploadSheet = (agent: TestAgent) => uploadSheetAs(app.baseUrl, agent, 'valves.csv', SHEET);

const sheetLine = (sheetId: string) => ({
  ...label({ color: 'white-black', mounting: 'no-mounting', width: 3, height: 1.5 }),
  customText: '',
  quantity: 2,
  rows: { sheetId, textColumns: [1, 0], codeColumn: null },
});

const sheetThere = async (id: string) => (await LabelSheetModel.exists({ _id: id })) !== null;
const sweepSheets = (days: number) => sweepGuestSheets(findGuestCartHoldings, daysOn(days), 100);

describe("the sweep of guests' spreadsheets", () => {
  it('removes a sheet no cart or order holds once due; keeps one in a cart until the cart goes, and an ordered one for good', async () => {
    const idle = app.agent();
    const idleSheet = await uploadSheet(idle);
    const carting = app.agent();
    const cartSheet = await uploadSheet(carting);
    await addToCart(carting, sheetLine(cartSheet));
    const ordering = app.agent();
    const orderedSheet = await uploadSheet(ordering);
    await addToCart(ordering, sheetLine(orderedSheet));
    const order = await placeOrder(ordering);
    expect((await pay(ordering, order.orderId)).status).toBe(200);

    await sweepSheets(GUEST_UPLOAD_KEPT_DAYS - 1);
    expect(await sheetThere(idleSheet)).toBe(true);

    const sweptAt = daysOn(GUEST_UPLOAD_KEPT_DAYS + 1);
    await sweepGuestSheets(findGuestCartHoldings, sweptAt, 100);
    expect(await sheetThere(idleSheet)).toBe(false);
    expect(await sheetThere(cartSheet)).toBe(true);
    expect(await sheetThere(orderedSheet)).toBe(true);

    // Looked at again a day on (its cart ends before then), when the cart is gone.
    const again = (await LabelSheetModel.findById(cartSheet).lean())!.sweepAfter!;
    expect(again.getTime()).toBe(sweptAt.getTime() + DAY_MS);
    await removeAbandonedGuestCarts(again, 100);
    await sweepGuestSheets(findGuestCartHoldings, again, 100);
    expect(await sheetThere(cartSheet)).toBe(false);
    expect(await sheetThere(orderedSheet)).toBe(true);
    const kept = await LabelSheetModel.findById(orderedSheet).lean();
    expect(kept?.sweepAfter).toBeUndefined();
  });

  it("makes a guest's sheets the customer's at sign-in, never swept; a sheet another customer left in the browser stays theirs", async () => {
    const browser = app.agent();
    const first = (await register(browser)).body as { id: string };
    const firstsSheet = await uploadSheet(browser);
    expect((await browser.request('POST', '/api/auth/logout')).status).toBe(204);
    const guestSheets = [await uploadSheet(browser), await uploadSheet(browser)];
    const owned = await LabelSheetModel.find({ _id: trusted({ $in: guestSheets }) }).lean();
    expect(owned.map((sheet) => [sheet.customerId, sheet.sweepAfter instanceof Date])).toEqual([
      [null, true],
      [null, true],
    ]);

    const email = uniqueEmail();
    const second = (await register(app.agent(), { email })).body as { id: string };
    const signedIn = await browser.request('POST', '/api/auth/login', {
      body: { email, password: PASSWORD },
    });
    expect(signedIn.status).toBe(200);

    const joined = await LabelSheetModel.find({ _id: trusted({ $in: guestSheets }) }).lean();
    expect(joined.map((sheet) => [sheet.customerId, sheet.sweepAfter])).toEqual([
      [second.id, undefined],
      [second.id, undefined],
    ]);
    expect((await LabelSheetModel.findById(firstsSheet).lean())?.customerId).toBe(first.id);
  });
});
