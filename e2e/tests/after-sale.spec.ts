import { expect, test } from '@playwright/test';
import { adminPage, post, sessionIdOf, unique } from '../support/shop-api';
import { SAMPLE_PRODUCT_CONFIG } from '../../contracts/src/testing.ts';

// After the sale: a shopper pays and the admin finds the confirmation in the Outbox; the admin ships
// with a tracking number and the shopper's Order History links to it; the admin cancels another order
// with a partial refund; an enquiry from the contact page appears in the Enquiries tab.

const LABEL = {
  ...SAMPLE_PRODUCT_CONFIG,
  customText: 'VALVE 7',
  quantity: 3,
  files: [],
};

test('a shopper pays, the admin sees the confirmation in the Outbox, ships it, and the shopper follows the tracking link', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `${unique('shopper')}@example.com`;
  const sessionId = await sessionIdOf(page);
  await post(page.request, sessionId, '/api/auth/register', {
    email,
    password: 'shopper-pass-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  await post(page.request, sessionId, '/api/cart', LABEL);

  await page.goto('/checkout');
  const checkout = page.locator('[data-remote="cart_checkout"]');
  const details: Record<string, string> = {
    'First Name': 'Ada',
    'Last Name': 'Lovelace',
    'Phone Number': '312 555 0100',
    'Email Address': email,
    Company: 'Analytical Engines',
    'Street Address': '120 Main St',
    City: 'Toronto',
    State: 'ON',
    // Written loosely: kept, taxed, shipped and mailed as "M5V 2T6" (docs/product.md section 5).
    'ZIP/Postal Code': 'm5v2t6',
  };
  for (const [label, value] of Object.entries(details)) {
    await checkout.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  // Engraved as shown: this order goes straight to processing (the proof step has its own spec).
  await checkout.getByRole('checkbox', { name: 'Skip the proof, engrave as shown' }).check();
  await expect(checkout.getByRole('textbox', { name: 'ZIP/Postal Code' })).toHaveValue('M5V 2T6');
  // The exact total for a Canadian address, before the card is charged, on the button itself.
  const pay = checkout.getByRole('button', { name: /^Complete Payment: \$\d+\.\d\d$/ });
  await expect(pay).toBeEnabled({ timeout: 20_000 });
  const shown = (await pay.textContent())!.replace('Complete Payment: ', '');
  await expect(checkout.getByTestId('checkout-total')).toContainText(shown);
  const card = page.frameLocator('iframe[title="Secure card payment form"]');
  await card.getByLabel('Card number').fill('4111 1111 1111 1111');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVV').fill('123');
  await card.getByLabel('Postal code').fill('60601');
  await pay.click();
  await expect(page).toHaveURL(/\/confirmation\/[0-9a-f]{24}$/, { timeout: 20_000 });
  const confirmation = page.locator('[data-remote="cart_checkout"]');
  await expect(confirmation.getByTestId('order-total')).toHaveText(shown);
  const orderNumber = (await confirmation.getByTestId('order-number').textContent())!.slice(1);

  const admin = await adminPage(browser, baseURL!);
  await admin.getByRole('tab', { name: 'Outbox' }).click();
  const subject = `Order #${orderNumber} confirmed: ${shown}`;
  await expect(admin.getByRole('rowheader', { name: subject })).toBeVisible();
  await admin.getByRole('button', { name: `Open email: ${subject}` }).click();
  const email_ = admin.frameLocator(`iframe[title="Email: ${subject}"]`);
  await expect(
    email_.getByRole('heading', { name: 'Thank you for your order, Ada' }),
  ).toBeVisible();
  await expect(email_.getByText('Toronto, ON M5V 2T6')).toBeVisible();
  await expect(
    admin.getByRole('rowheader', { name: new RegExp(`New paid order #${orderNumber}`) }),
  ).toBeVisible();

  await admin.getByRole('tab', { name: 'Orders' }).click();
  await admin.getByLabel('Search').fill(orderNumber);
  await admin.getByRole('button', { name: `Ship order ${orderNumber}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Order #${orderNumber}` });
  await expect(dialog.getByRole('list', { name: 'Order history' })).toContainText('Processing');
  await dialog.getByLabel('Carrier').selectOption('UPS');
  await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
  // On a desktop its button reads on one line under both fields (squeezed into the first field's
  // column, it broke in two with its lines nearly touching).
  const markShipped = dialog.getByRole('button', { name: 'Mark shipped and email the customer' });
  const lines = await markShipped.evaluate((button) => {
    const text = document.createRange();
    text.selectNodeContents(button);
    return new Set([...text.getClientRects()].map((line) => Math.round(line.top))).size;
  });
  expect(lines).toBe(1);
  await markShipped.click();
  await expect(dialog.getByRole('list', { name: 'Order history' })).toContainText('Shipped');
  await expect(dialog.getByRole('link', { name: 'Track parcel' })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );

  await page.goto('/orders');
  const orderCard = page.getByTestId('order-card').filter({ hasText: `Order #${orderNumber}` });
  await expect(orderCard).toContainText('Status: Shipped', { timeout: 15_000 });
  const track = orderCard.getByRole('link', { name: /Track your parcel/ });
  await expect(track).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  await expect(track).toHaveAttribute('target', '_blank');
  await admin.context().close();
});

test('an admin cancels an order with a partial refund, and an enquiry appears in Enquiries', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const sessionId = await sessionIdOf(page);
  await post(page.request, sessionId, '/api/cart', LABEL);
  const placed = await post(page.request, sessionId, '/api/orders', {
    customerInfo: {
      firstName: 'Refund',
      lastName: 'Me',
      phone: '312 555 0100',
      email: `${unique('refund')}@example.com`,
      company: 'Acme',
      street: '12 Main St',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60601',
    },
    skipProof: true,
  });
  await post(page.request, sessionId, '/api/payment/complete', {
    orderId: placed.orderId,
    paymentId: 'cnon:card-nonce-ok',
    customerName: 'Refund Me',
    customerEmail: 'refund@example.com',
    customerPhone: '',
    customerCompany: '',
    customerAddress: '',
    customerZipCode: '60601',
  });
  const enquirer = unique('Enquirer');
  await post(page.request, sessionId, '/api/contact', {
    name: enquirer,
    email: 'enquirer@example.com',
    message: 'Can you make 200 brass valve tags by Friday?',
  });

  const admin = await adminPage(browser, baseURL!);
  await admin.getByRole('tab', { name: 'Orders' }).click();
  await admin.getByLabel('Search').fill(String(placed.orderNumber));
  await admin.getByRole('button', { name: `View order ${placed.orderNumber}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Order #${placed.orderNumber}` });
  await dialog.getByLabel('Refund amount ($)').fill('5.00');
  await dialog.getByLabel('Reason').fill('Customer asked to cancel');
  await dialog.getByRole('button', { name: 'Cancel order and refund $5.00' }).click();
  await admin
    .getByRole('alertdialog', { name: `Cancel order #${placed.orderNumber} and refund $5.00?` })
    .getByRole('button', { name: 'Cancel order and refund $5.00' })
    .click();
  await expect(dialog.getByRole('list', { name: 'Order history' })).toContainText(
    'Processing → Cancelled',
  );
  await expect(dialog.getByRole('list', { name: 'Order history' })).toContainText('Refund $5.00');
  await expect(dialog.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Partly refunded')).toBeVisible();
  // Why, as the payment provider was told it, by the refund.
  await expect(dialog.getByText('Reason: Customer asked to cancel')).toBeVisible();
  await admin.keyboard.press('Escape');
  const row = admin.getByRole('row', { name: new RegExp(`#${placed.orderNumber}`) });
  await expect(row.getByText('Cancelled')).toBeVisible();

  await admin.getByRole('tab', { name: 'Enquiries' }).click();
  // The list's own items: the toast after marking is a list item naming the enquirer too.
  const enquiries = admin.getByRole('list', { name: 'Enquiries' });
  const enquiry = enquiries.getByRole('listitem').filter({ hasText: enquirer });
  await expect(enquiry).toContainText('Can you make 200 brass valve tags by Friday?');
  await enquiry.getByRole('button', { name: `Mark handled: ${enquirer}` }).click();
  await expect(admin.getByTestId('toast')).toContainText(
    `${enquirer}’s enquiry is in the Handled list.`,
  );
  await expect(enquiry).toBeHidden(); // the New view no longer lists it
  await admin.getByLabel('Show').selectOption('handled');
  await expect(enquiry).toContainText('Handled');
  await admin.context().close();
});
