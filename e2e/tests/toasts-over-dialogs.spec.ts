import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot } from '../support/screenshots';
import { becomeAdmin, sessionIdOf } from '../support/shop-api';

// A toast shown over an open dialog never covers the dialog's buttons (docs/product.md section 2):
// here the admin's discount-code dialog, tall and 36rem wide, after a failed save, on a laptop's
// screen (1280 x 720, where the toast shows at the bottom right) and on a phone's (375 x 667, at the
// top). Screenshots go to test-results/screenshots/toasts-over-dialogs, to look at.

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
