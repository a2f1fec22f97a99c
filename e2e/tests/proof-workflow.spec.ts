import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { adminPage, paidOrder, post, sessionIdOf, unique } from '../support/shop-api';
import { sidewaysOverflow } from '../support/layout';
import { SAMPLE_CUSTOMER_INFO } from '../../contracts/src/testing.ts';

// The proof step (docs/product.md, "Proofs"): a shopper pays, the proof email is in the Outbox, the
// shopper opens the order and asks for a change, the admin uploads revision 2, the shopper approves
// it, which moves the order to processing. Then screenshots of proofs for every material and
// colour pair, on a phone and a desktop, to look at.

const LABEL = {
  material: 'phenolic',
  width: 3,
  height: 1,
  color: 'red-white',
  mounting: 'mounting-holes',
  customText: 'DANGER\n480 VOLTS',
  quantity: 2,
  files: [],
};

/** A real 2 x 2 PNG (the revised proof the admin uploads). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

const proofCustomer = () => ({ ...SAMPLE_CUSTOMER_INFO, email: `${unique('proof')}@example.com` });

test('pay, proof email, ask for a change, admin uploads revision 2, the shopper approves and the order is in processing', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const sessionId = await sessionIdOf(page);
  await post(page.request, sessionId, '/api/cart', LABEL);

  await page.goto('/checkout');
  const checkout = page.locator('[data-remote="cart_checkout"]');
  const details: Record<string, string> = {
    'First Name': 'Ada',
    'Last Name': 'Lovelace',
    'Phone Number': '312 555 0100',
    'Email Address': `${unique('shopper')}@example.com`,
    Company: 'Analytical Engines',
    'Street Address': '120 Main St',
    City: 'Chicago',
    State: 'IL',
    'ZIP/Postal Code': '60601',
  };
  for (const [label, value] of Object.entries(details)) {
    await checkout.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await expect(
    checkout.getByRole('checkbox', { name: 'Skip the proof, engrave as shown' }),
  ).not.toBeChecked();
  const pay = checkout.getByRole('button', { name: /^Complete Payment: \$\d+\.\d\d$/ });
  await expect(pay).toBeEnabled({ timeout: 20_000 });
  const card = page.frameLocator('iframe[title="Secure card payment form"]');
  await card.getByLabel('Card number').fill('4111 1111 1111 1111');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVV').fill('123');
  await card.getByLabel('Postal code').fill('60601');
  await pay.click();
  await expect(page).toHaveURL(/\/confirmation\/[0-9a-f]{24}$/, { timeout: 20_000 });
  const orderNumber = (await page
    .locator('[data-remote="cart_checkout"]')
    .getByTestId('order-number')
    .textContent())!.slice(1);

  // The proof email is in the Outbox, with the PDF attached and the order page linked.
  const admin = await adminPage(browser, baseURL!);
  await admin.getByRole('tab', { name: 'Outbox' }).click();
  const subject = `Your proof for order #${orderNumber}: please approve before we engrave`;
  await expect(admin.getByRole('rowheader', { name: subject })).toBeVisible();
  await admin.getByRole('button', { name: `Open email: ${subject}` }).click();
  const email = admin.frameLocator(`iframe[title="Email: ${subject}"]`);
  await expect(email.getByRole('link', { name: 'Review and approve the proof' })).toHaveAttribute(
    'href',
    new RegExp(`/orders/${orderNumber}\\?access=`),
  );
  await admin.keyboard.press('Escape');

  // The shopper opens the order and asks for a change on the label.
  await page.goto(`/orders/${orderNumber}`);
  const proof = page.getByRole('region', { name: 'Proof' });
  await expect(proof).toBeVisible({ timeout: 15_000 });
  const image = proof.getByRole('img', { name: /Proof of label 1/ });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await proof.getByRole('button', { name: 'Request changes' }).click();
  const change = proof.getByRole('textbox', { name: 'What should change on label 1?' });
  await expect(change).toBeFocused();
  // From the keyboard, Send my changes with no comment is reached, and says by the box what is missing.
  await page.keyboard.press('Tab');
  await expect(proof.getByRole('button', { name: 'Send my changes' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(change).toBeFocused();
  await expect(change).toHaveAccessibleDescription(
    'Say what should change on the label to send your changes.',
  );
  await expect(proof.getByRole('status')).toContainText('Please check the proof');
  await change.fill('It is 208 volts, not 480');
  await expect(change).not.toHaveAccessibleDescription(/Say what should change/);
  await proof.getByRole('button', { name: 'Send my changes' }).click();
  await expect(proof.getByRole('status')).toContainText('we are making the changes');

  // The admin sees the request and uploads revision 2.
  await admin.getByRole('tab', { name: 'Orders' }).click();
  await admin.getByLabel('Search').fill(orderNumber);
  await admin.getByRole('button', { name: `View order ${orderNumber}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Order #${orderNumber}` });
  await expect(dialog.getByText('Change requested: It is 208 volts, not 480')).toBeVisible();
  await dialog.getByLabel('Change', { exact: true }).selectOption('file');
  await dialog
    .getByLabel('Proof file')
    .setInputFiles({ name: 'revised-208.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByLabel('What changed').fill('Voltage corrected to 208');
  await dialog.getByRole('button', { name: 'Send revision 2 to the customer' }).focus();
  await admin.keyboard.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Proof revisions' })).toContainText('Revision 2');
  await expect(dialog.getByRole('list', { name: 'Proof revisions' })).toContainText(
    'revised-208.png',
  );
  // The form starts over for revision 3: its file field is empty and its heading has the focus.
  await expect(dialog.getByRole('heading', { name: 'Make revision 3' })).toBeFocused();
  await expect(dialog.getByLabel('Proof file')).toHaveValue('');

  // The shopper sees revision 2 and approves it.
  await page.reload();
  await expect(proof.getByRole('heading', { name: 'Proof (revision 2)' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(proof).toContainText('What changed: Voltage corrected to 208');
  await proof.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
  await proof.getByRole('button', { name: 'Approve the proof' }).click();
  await expect(proof.getByRole('status')).toContainText('Approved by Ada Lovelace');
  // The approval is the go-ahead: the order is in production at once, and its page says so.
  await expect(proof.getByRole('status')).toContainText('Your labels are in production');
  await expect(page.getByText('Processing', { exact: true }).first()).toBeVisible();

  // The admin finds it in processing, moved by the customer's approval: nothing left to press.
  await admin.keyboard.press('Escape');
  await admin.getByRole('button', { name: `View order ${orderNumber}` }).click();
  await expect(dialog.getByRole('list', { name: 'Order history' })).toContainText(
    'Awaiting proof approval → Processing',
  );
  await expect(dialog.getByRole('list', { name: 'Order history' })).toContainText(
    'by the customer · Proof (revision 2) approved by Ada Lovelace',
  );
  await expect(dialog.getByRole('button', { name: 'Move to processing' })).toHaveCount(0);
  await expect(dialog.getByRole('list', { name: 'Proof history' })).toContainText(
    'Proof (revision 2) approved by Ada Lovelace',
  );
  await admin.context().close();
});

const MATERIALS = ['indoor', 'phenolic', 'uv-resistant'] as const;
const COLORS = ['black-white', 'white-black', 'red-white', 'orange-black', 'yellow-black'] as const;

test('screenshots of proofs for every material and colour pair, at 375 px and 1280 px', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const folder = fileURLToPath(new URL('../../test-results/proof-screenshots', import.meta.url));
  await mkdir(folder, { recursive: true });
  const sessionId = await sessionIdOf(page);
  const orders: Array<{ name: string; orderNumber: number }> = [];
  for (const [index, color] of COLORS.entries()) {
    const material = MATERIALS[index % MATERIALS.length]!;
    const placed = await paidOrder(page, sessionId, {
      label: {
        ...LABEL,
        material,
        color,
        width: [0.75, 3, 9, 4, 2][index],
        height: [0.75, 1, 0.75, 4, 2][index],
        mounting: index % 2 ? 'adhesive' : 'mounting-holes',
        customText: [
          'EXIT',
          'MAIN PUMP\n480 V',
          'EMERGENCY STOP — PULL TO RESET',
          '非常停止\nSTOP',
          '',
        ][index],
      },
      customerInfo: proofCustomer(),
    });
    orders.push({ name: `${material}-${color}`, orderNumber: placed.orderNumber });
  }
  // Every material at least once with every pair's neighbour: the other two materials on one pair.
  for (const material of MATERIALS.slice(1)) {
    const placed = await paidOrder(page, sessionId, {
      label: { ...LABEL, material, color: 'black-white' },
      customerInfo: proofCustomer(),
    });
    orders.push({ name: `${material}-black-white-extra`, orderNumber: placed.orderNumber });
  }
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const order of orders) {
      await page.goto(`/orders/${order.orderNumber}`);
      const proof = page.getByRole('region', { name: 'Proof' });
      const image = proof.getByRole('img', { name: /Proof of label 1/ });
      await expect(image).toBeVisible({ timeout: 15_000 });
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      // Fits the phone: the proof never makes the page scroll sideways.
      await expect
        .poll(() => sidewaysOverflow(page), { message: `${order.name} at ${width}px` })
        .toEqual([]);
      await proof.screenshot({ path: path.join(folder, `${order.name}-${width}.png`) });
    }
  }
});

test('with two labels, changes are asked for on at least one: sent with none, the first box says so; screenshots at 375 px and 1280 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const folder = fileURLToPath(new URL('../../test-results/proof-screenshots', import.meta.url));
  await mkdir(folder, { recursive: true });
  const sessionId = await sessionIdOf(page);
  await post(page.request, sessionId, '/api/cart', { ...LABEL, customText: 'MAIN PUMP\n480 V' });
  const placed = await paidOrder(page, sessionId, {
    label: { ...LABEL, color: 'black-white', customText: 'SPARE PUMP\n480 V' },
    customerInfo: proofCustomer(),
  });
  await page.goto(`/orders/${placed.orderNumber}`);
  const proof = page.getByRole('region', { name: 'Proof' });
  // The approval form is named as its button: both proofs.
  await expect(proof.getByRole('form', { name: 'Approve both proofs' })).toBeVisible({
    timeout: 15_000,
  });
  for (const image of await proof.getByRole('img', { name: /Proof of label/ }).all()) {
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await proof.getByRole('button', { name: 'Request changes' }).click();
  // No box is optional on its own: the rule they share names them.
  const rule = proof.getByRole('group', { name: 'Say what should change on at least one label.' });
  const first = rule.getByRole('textbox', { name: 'What should change on label 1?', exact: true });
  const second = rule.getByRole('textbox', { name: 'What should change on label 2?', exact: true });
  await expect(first).toBeFocused();
  await expect(second).toBeVisible();
  await expect(proof.getByText('(optional)')).toHaveCount(0);
  await proof.getByRole('button', { name: 'Send my changes' }).click();
  await expect(first).toBeFocused();
  await expect(first).toHaveAccessibleDescription(
    'Say what should change on at least one label to send your changes.',
  );
  await expect(proof.getByRole('status')).toContainText('Please check the proof');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => sidewaysOverflow(page), { message: `at ${width}px` }).toEqual([]);
    // The page as seen (the sticky header drawn once), the request's form at its foot.
    await proof.getByRole('button', { name: 'Back' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(folder, `two-labels-changes-${width}.png`) });
  }
  await second.fill('It is the standby pump');
  await expect(first).not.toHaveAccessibleDescription(/Say what should change/);
  await proof.getByRole('button', { name: 'Send my changes' }).click();
  await expect(proof.getByRole('status')).toContainText('we are making the changes');
  await expect(proof).toContainText('You asked: “It is the standby pump”');
});
