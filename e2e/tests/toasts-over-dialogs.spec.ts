import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot } from '../support/screenshots';
import { SAMPLE_CUSTOMER_INFO, SAMPLE_PRODUCT_CONFIG } from '../../contracts/src/testing.ts';
import { becomeAdmin, paidOrder, sessionIdOf, unique } from '../support/shop-api';

// A toast shown over an open dialog never covers the dialog's buttons (docs/product.md section 2):
// here the admin's discount-code dialog, tall and 36rem wide, after a failed save, and the order's
// dialog after its cancel and refund failed, on a laptop's screen (1280 x 720, where the toast shows
// at the bottom right) and on a phone's (375 x 667, at the top). Screenshots go to
// test-results/screenshots/toasts-over-dialogs, to look at.

type Box = { x: number; y: number; width: number; height: number };

const intersect = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Once the toast and the dialog are still (their animations finished). */
async function settled(...locators: Locator[]) {
  for (const locator of locators)
    await locator.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
}

async function failedSaveOverDialog(page: Page) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Discount Codes' }).click();
  await page.getByRole('button', { name: 'Add Discount Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Discount Code' });
  await dialog.getByLabel('Code', { exact: true }).fill('TOASTED');
  await dialog.getByLabel('Value (%)').fill('5');
  await dialog.getByLabel(/Description/).fill('A code whose save fails');
  await page.route('**/api/admin/discount-codes', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, json: { message: 'Service unavailable' } })
      : route.fallback(),
  );
  await dialog.getByRole('button', { name: 'Create Discount' }).click();
  const toast = page.getByTestId('toast').filter({ hasText: 'Save failed' });
  await expect(toast).toBeVisible();
  await settled(toast, dialog);
  return { dialog, toast };
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 375, height: 667 },
]) {
  test(`at ${viewport.width} x ${viewport.height}, a toast over a tall dialog leaves every one of its buttons clear`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await becomeAdmin(page, await sessionIdOf(page));
    const { dialog, toast } = await failedSaveOverDialog(page);
    const toastBox = (await toast.boundingBox())!;
    // The button just pressed stays in sight in the dialog (made room for the toast, it keeps its
    // end in view), clear of the toast.
    const create = dialog.getByRole('button', { name: 'Create Discount' });
    const dialogBox = (await dialog.boundingBox())!;
    const createBox = (await create.boundingBox())!;
    expect(createBox.y).toBeGreaterThanOrEqual(dialogBox.y);
    expect(createBox.y + createBox.height).toBeLessThanOrEqual(dialogBox.y + dialogBox.height);
    expect(intersect(createBox, toastBox)).toBe(false);
    const buttons = dialog.getByRole('button');
    expect(await buttons.count()).toBeGreaterThanOrEqual(3); // Cancel, Create Discount, Close
    for (const button of await buttons.all()) {
      // Where the shopper sees it, the dialog's own scrolling brought it into sight.
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect(
        intersect(box, toastBox),
        `${await button.textContent()} ${JSON.stringify(box)} under the toast ${JSON.stringify(toastBox)}`,
      ).toBe(false);
    }
    await create.scrollIntoViewIfNeeded();
    await screenshot(page, 'toasts-over-dialogs', 'discount-code-save-failed', { fullPage: false });

    // Still usable as before: the toast closes by its button, the dialog stays.
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toBeHidden();
    await expect(dialog).toBeVisible();
  });
}

/** A paid order (the sandbox card, no proof), then its dialog opened from the admin's Orders tab. */
async function orderDialog(page: Page, sessionId: string) {
  const order = await paidOrder(page, sessionId, {
    label: { ...SAMPLE_PRODUCT_CONFIG, quantity: 1, files: [] },
    customerInfo: { ...SAMPLE_CUSTOMER_INFO, email: `${unique('refund')}@example.com` },
    skipProof: true,
  });
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Orders' }).click();
  await page.getByLabel('Search').fill(String(order.orderNumber));
  await page.getByRole('button', { name: `View order ${order.orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  await expect(dialog).toBeVisible();
  return { dialog, order };
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 375, height: 667 },
]) {
  test(`at ${viewport.width} x ${viewport.height}, the toast of a failed cancel and refund leaves the order dialog's refund button in sight and clear`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const sessionId = await sessionIdOf(page);
    await becomeAdmin(page, sessionId);
    const { dialog, order } = await orderDialog(page, sessionId);
    await dialog.getByLabel('Refund amount ($)').fill('5.00');
    await dialog.getByLabel('Reason').fill('Customer asked to cancel');
    const refund = dialog.getByRole('button', { name: 'Cancel order and refund $5.00' });
    // Pressed where the dialog's room for the toast takes the most: at the end of what it shows.
    await refund.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await refund.click();
    await page.route('**/api/admin/orders/*/cancel', (route) =>
      route.fulfill({ status: 503, json: { message: 'Service unavailable' } }),
    );
    const confirmation = page.getByRole('alertdialog', {
      name: `Cancel order #${order.orderNumber} and refund $5.00?`,
    });
    await confirmation.getByRole('button', { name: 'Cancel order and refund $5.00' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Could not cancel the order' });
    await expect(toast).toBeVisible();
    // The confirmation closes on the failure; the order's dialog stays, with the refund form as it was.
    await expect(confirmation).toHaveCount(0);
    await expect(refund).toBeFocused();
    await settled(toast, dialog);

    // The button pressed is in sight in the dialog, as the screen shows it, and clear of the toast.
    const toastBox = (await toast.boundingBox())!;
    const dialogBox = (await dialog.boundingBox())!;
    const refundBox = (await refund.boundingBox())!;
    expect(refundBox.y, "the refund button above the dialog's top").toBeGreaterThanOrEqual(
      dialogBox.y,
    );
    expect(
      refundBox.y + refundBox.height,
      `the refund button ${JSON.stringify(refundBox)} below the dialog's end ${JSON.stringify(dialogBox)}`,
    ).toBeLessThanOrEqual(dialogBox.y + dialogBox.height);
    expect(
      intersect(refundBox, toastBox),
      `the refund button ${JSON.stringify(refundBox)} under the toast ${JSON.stringify(toastBox)}`,
    ).toBe(false);
    await screenshot(page, 'toasts-over-dialogs', 'cancel-and-refund-failed', { fullPage: false });

    // Pressed again while the toast is shown (nothing over it takes the click), it asks again; kept.
    await refund.click();
    await expect(confirmation).toBeVisible();
    await confirmation.getByRole('button', { name: 'Keep the order' }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(dialog).toBeVisible();
  });
}
