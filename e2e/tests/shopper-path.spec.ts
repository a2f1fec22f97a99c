import { expect, test, type Locator, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import {
  adminPage,
  outboxMessages,
  paidOrder,
  post,
  sessionIdOf,
  unique,
} from '../support/shop-api';
import { sidewaysOverflow } from '../support/layout';
import { DESKTOP, PHONE, screenshot } from '../support/screenshots';
import { SAMPLE_CUSTOMER_INFO } from '../../contracts/src/testing.ts';

// The shopper's path, as a new customer walks it on a phone (375 px) and a desktop (1280 px): the
// order's state agrees everywhere once the proof is approved, money actions ask first, the cart does
// what the shopper means, the price and the summary stay in reach on a phone, the shop is one shop
// in its pages, invoices and mail, and the uploaded artwork is drawn where it will be engraved.
// Screenshots of each changed screen go to test-results/screenshots/shopper, to look at.

/** A real 2 x 2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

// Phenolic 3 x 2, no mounting: $2.00 + 6 x $0.45 = $4.70 a label before the quantity breaks.
const LABEL = {
  material: 'phenolic',
  width: 3,
  height: 2,
  color: 'black-white',
  mounting: 'no-mounting',
  customText: 'MAIN PUMP',
  quantity: 2,
  files: [],
};

const customer = () => ({ ...SAMPLE_CUSTOMER_INFO, email: `${unique('shopper')}@example.com` });

async function chooseMaterial(page: Page, name = 'Phenolic') {
  const configurator = page.locator('[data-remote="configurator"]');
  await configurator.getByText(name, { exact: true }).click();
  await expect(configurator.getByRole('radio', { name: new RegExp(name) })).toBeChecked();
  return configurator;
}

/** The height of the control on screen, in px. */
async function heightOf(control: Locator) {
  await expect(control).toBeVisible({ timeout: 15_000 });
  return (await control.boundingBox())!.height;
}

/** Calls to the API made after this point whose method and path match. */
function callsTo(page: Page, method: string, path: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === method && url.pathname === path) seen.push(url.pathname);
  });
  return seen;
}

test.describe('1. proof and order states that agree', () => {
  test('approving the proof moves the order into production: the badge, the steps, the proof, the admin’s table and an email say so', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const sessionId = await sessionIdOf(page);
    const info = customer();
    const order = await paidOrder(page, sessionId, { label: LABEL, customerInfo: info });
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/orders/${order.orderNumber}`);
      const proof = page.getByRole('region', { name: 'Proof' });
      await expect(proof.getByRole('button', { name: 'Approve the proof' })).toBeVisible({
        timeout: 15_000,
      });
      await screenshot(page, 'shopper', 'order-awaiting-proof');
    }
    const account = page.locator('[data-remote="account"]');
    await expect(account.locator('[data-status]').first()).toContainText('Awaiting proof approval');
    const proof = page.getByRole('region', { name: 'Proof' });
    await proof.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
    await proof.getByRole('button', { name: 'Approve the proof' }).click();

    await expect(proof.getByRole('status')).toContainText(
      'Your labels are in production: we engrave exactly this.',
    );
    await expect(account.locator('[data-status]').first()).toContainText('Processing');
    await expect(account.getByRole('list', { name: 'Order progress' })).toContainText('Processing');
    await expect(proof.getByRole('button', { name: 'Approve the proof' })).toHaveCount(0);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await screenshot(page, 'shopper', 'order-approved');
    }

    const admin = await adminPage(browser, baseURL!);
    await admin.getByRole('tab', { name: 'Orders' }).click();
    await admin.getByLabel('Search').fill(String(order.orderNumber));
    const row = admin.getByRole('row', { name: new RegExp(`#${order.orderNumber}`) });
    await expect(row.getByText('Processing')).toBeVisible();
    await row.getByRole('button', { name: `View order ${order.orderNumber}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Order #${order.orderNumber}` });
    await expect(dialog.getByText('Approved by the customer')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Order history' })).toContainText(
      'Awaiting proof approval → Processing',
    );
    await admin.context().close();

    const mail = (await outboxMessages(browser, baseURL!)).find(
      (message) => message.to === info.email && message.kind === 'proof_approved',
    );
    expect(mail?.text).toContain(
      `Ada Lovelace approved the proof of order #${order.orderNumber}, so we have started engraving`,
    );
  });

  test('a cancelled order leads with its outcome and the refund, no longer asks for approval, and folds its proof', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const sessionId = await sessionIdOf(page);
    const order = await paidOrder(page, sessionId, { label: LABEL, customerInfo: customer() });
    const admin = await adminPage(browser, baseURL!);
    const adminSession = await admin.evaluate(() => localStorage.getItem('guest-session-id'));
    await post(admin.request, adminSession!, `/api/admin/orders/${order.orderId}/cancel`, {
      refundAmount: order.total,
      reason: 'Customer asked',
    });
    await admin.context().close();

    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/orders/${order.orderNumber}`);
      const outcome = page.getByTestId('order-outcome');
      await expect(outcome).toContainText('Cancelled on', { timeout: 15_000 });
      await expect(outcome).toContainText('was refunded to your card');
      const folded = page.getByText('Proof: not approved before the order was cancelled');
      await expect(folded).toBeVisible();
      await expect(page.getByRole('button', { name: 'Approve the proof' })).toHaveCount(0);
      // The outcome comes first; the folded proof comes after the order's details.
      const outcomeBox = (await outcome.boundingBox())!;
      const foldedBox = (await folded.boundingBox())!;
      const progress = (await page.getByRole('list', { name: 'Order progress' }).boundingBox())!;
      expect(outcomeBox.y).toBeLessThan(progress.y);
      expect(foldedBox.y).toBeGreaterThan(progress.y);
      await screenshot(page, 'shopper', 'order-cancelled');
    }
    await page.getByText('Proof: not approved before the order was cancelled').click();
    await expect(
      page.getByText(/This order was cancelled before the proof was approved/),
    ).toBeVisible();
  });
});

test.describe('2. money actions ask first and then tell the truth', () => {
  test('Cancel order and refund asks, naming the amount, and the payment badge then says Refunded', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const sessionId = await sessionIdOf(page);
    const order = await paidOrder(page, sessionId, {
      label: LABEL,
      customerInfo: customer(),
      skipProof: true,
    });
    const total = `$${order.total.toFixed(2)}`;
    for (const viewport of [PHONE, DESKTOP]) {
      const admin = await adminPage(browser, baseURL!);
      await admin.setViewportSize(viewport);
      await admin.getByRole('tab', { name: 'Orders' }).click();
      await admin.getByLabel('Search').fill(String(order.orderNumber));
      await admin.getByRole('button', { name: `View order ${order.orderNumber}` }).click();
      const dialog = admin.getByRole('dialog', { name: `Order #${order.orderNumber}` });
      const cancel = dialog.getByRole('button', { name: `Cancel order and refund ${total}` });
      await cancel.click();
      const ask = admin.getByRole('alertdialog', {
        name: `Cancel order #${order.orderNumber} and refund ${total}?`,
      });
      await expect(ask).toContainText(
        `${total} of the ${total} charged goes back to the customer's card`,
      );
      const keep = ask.getByRole('button', { name: 'Keep the order' });
      await expect(keep).toBeFocused();
      // The confirmation's shade covers the order's dialog: a point of that dialog beside the
      // confirmation is the shade's.
      const orderBox = (await admin.locator('[role="dialog"]').boundingBox())!;
      const shaded = await ask.evaluate(
        (confirmation, { x, y }) => {
          const hit = document.elementFromPoint(x, y);
          return hit !== null && hit.contains(confirmation) && !hit.closest('[role="dialog"]');
        },
        { x: orderBox.x + 8, y: orderBox.y + 8 },
      );
      expect(shaded).toBe(true);
      await screenshot(admin, 'shopper', 'admin-cancel-confirm', { fullPage: false });
      if (viewport === PHONE) {
        // Kept: nothing happens, and focus is back on the button that asked.
        await admin.keyboard.press('Enter');
        await expect(ask).toBeHidden();
        await expect(cancel).toBeFocused();
        await expect(dialog.getByText('Paid', { exact: true })).toBeVisible();
        await admin.context().close();
        continue;
      }
      await ask.getByRole('button', { name: `Cancel order and refund ${total}` }).click();
      await expect(dialog.getByRole('list', { name: 'Order history' })).toContainText(
        'Processing → Cancelled',
      );
      await expect(dialog.getByText('Refunded', { exact: true }).first()).toBeVisible();
      await expect(dialog.getByText('Paid', { exact: true })).toHaveCount(0);
      await admin.keyboard.press('Escape');
      const row = admin.getByRole('row', { name: new RegExp(`#${order.orderNumber}`) });
      await expect(row.getByText('Refunded')).toBeVisible();
      await expect(row.getByText('Cancelled')).toBeVisible();
      await screenshot(admin, 'shopper', 'admin-orders-refunded', { fullPage: false });
      await admin.context().close();
    }
  });
});

test.describe('3. the cart does what the shopper means', () => {
  test('Enter in the quantity adds nothing; the same label added twice is one line, priced at the break both reach', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/products');
    const configurator = await chooseMaterial(page);
    await configurator.getByLabel('Text to engrave').fill('VALVE 7');
    const adds = callsTo(page, 'POST', '/api/cart');
    const quantity = configurator.getByRole('textbox', { name: 'Quantity' });
    await quantity.fill('25');
    await quantity.press('Enter');
    await expect(quantity).toHaveValue('25');
    await expect(configurator.getByTestId('total-price')).toHaveText('$105.75');
    expect(adds).toEqual([]);

    const add = configurator.getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await expect(page.getByTestId('cart-badge')).toHaveText('25');
    await add.click();
    await expect(page.getByTestId('cart-badge')).toHaveText('50');
    expect(adds).toHaveLength(2);

    await page.goto('/cart');
    const cart = page.locator('[data-remote="cart_checkout"]');
    const lines = cart.getByRole('textbox', { name: /^Quantity of/ });
    await expect(lines).toHaveCount(1);
    await expect(lines).toHaveValue('50');
    // 50 labels: 15% off $4.70 = $4.00 each (two lines of 25 got 10% off: $4.23).
    await expect(cart).toContainText('$4.00 each');
    await expect(cart).toContainText('$200.00');
  });

  test('a line holds at most 10,000 labels, said beside the quantity in the configurator and the cart, with the way to a quote', async ({
    page,
  }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto('/products');
      const configurator = await chooseMaterial(page);
      const quantity = configurator.getByRole('textbox', { name: 'Quantity' });
      await expect(quantity).toHaveAccessibleDescription(
        'Up to 10,000 per line. More? Ask for a quote',
      );
      await quantity.fill('abc');
      await expect(quantity).toHaveAccessibleDescription(/Quantity must be a number/);
      await quantity.fill('100000');
      await expect(quantity).toHaveAccessibleDescription(
        /A line holds at most 10,000 labels\. For more, ask us for a quote\./,
      );
      await expect(configurator.getByTestId('total-price')).toHaveText('$0.00');
      await configurator.getByTestId('order-summary').scrollIntoViewIfNeeded();
      await screenshot(page, 'shopper', 'configurator-quantity-limit', { fullPage: false });
    }
    await page
      .locator('[data-remote="configurator"]')
      .getByRole('link', { name: 'Ask for a quote' })
      .click();
    await expect(page).toHaveURL(/\/contact#send-message$/);
    await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeInViewport();

    // The server holds the same line.
    const sessionId = await page.evaluate(() => localStorage.getItem('guest-session-id'));
    const refused = await page.request.post('/api/cart', {
      data: { ...LABEL, quantity: 10_001 },
      headers: { 'x-session-id': sessionId! },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({
      message: 'A line holds at most 10,000 labels. For more, ask us for a quote.',
      errors: [
        {
          path: 'quantity',
          message: 'A line holds at most 10,000 labels. For more, ask us for a quote.',
        },
      ],
    });

    await post(page.request, sessionId!, '/api/cart', LABEL);
    await page.setViewportSize(PHONE);
    await page.goto('/cart');
    const line = page.locator('[data-remote="cart_checkout"]');
    const field = line.getByRole('textbox', { name: /^Quantity of/ });
    await expect(field).toHaveAccessibleDescription('Up to 10,000 per line. More? Ask for a quote');
    await field.fill('10001');
    await field.press('Enter');
    await expect(line.getByRole('alert')).toHaveText(
      'A line holds at most 10,000 labels. For more, ask us for a quote. Nothing was changed.',
    );
    // The cart's control is the configurator's: the same role and name, no empty box beside +.
    const group = line.getByRole('group', { name: /^Quantity of/ });
    const plus = (await line.getByRole('button', { name: /^Increase quantity/ }).boundingBox())!;
    const box = (await group.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(plus.x + plus.width + 2);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await screenshot(page, 'shopper', 'cart-quantity-limit');
    }
  });
});

test.describe('4. the phone layout shows what matters', () => {
  test('at 375 px the price stays in view while configuring, and the checkout’s summary is at the top, folded to its total', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/products');
    const configurator = await chooseMaterial(page);
    await expect(configurator.getByTestId('total-price')).toHaveText('$4.70');
    const bar = configurator.getByTestId('price-bar');
    for (const section of ['Text to engrave', 'Choose files to upload']) {
      await configurator.getByLabel(section).scrollIntoViewIfNeeded();
      await expect(bar).toBeInViewport();
      await expect(configurator.getByTestId('price-bar-total')).toHaveText('$4.70');
    }
    await screenshot(page, 'shopper', 'configurator-price-bar', { fullPage: false });
    // Its button leads to the summary's quantity.
    await bar.getByRole('button', { name: 'See order summary' }).click();
    await expect(configurator.getByRole('textbox', { name: 'Quantity' })).toBeFocused();
    await expect(
      configurator.getByRole('button', { name: 'Add to Cart', exact: true }),
    ).toBeInViewport();
    // No empty box beside +: the stepper is as wide as its parts.
    const plus = (await configurator
      .getByRole('button', { name: 'Increase quantity' })
      .boundingBox())!;
    const minus = (await configurator
      .getByRole('button', { name: 'Decrease quantity' })
      .boundingBox())!;
    expect(plus.x + plus.width - minus.x).toBeLessThan(200);
    // A phone's controls are at least 44 px tall, the small buttons too.
    expect(
      await heightOf(bar.getByRole('button', { name: 'See order summary' })),
    ).toBeGreaterThanOrEqual(44);

    const sessionId = await page.evaluate(() => localStorage.getItem('guest-session-id'));
    await post(page.request, sessionId!, '/api/cart', LABEL);
    await page.goto('/cart');
    const cart = page.locator('[data-remote="cart_checkout"]');
    for (const name of [/^Edit /, /^Remove /]) {
      const control = cart.getByRole(name.source === '^Edit ' ? 'link' : 'button', { name });
      expect(await heightOf(control), String(name)).toBeGreaterThanOrEqual(44);
    }
    const links = [
      cart.getByRole('link', { name: 'Continue shopping' }),
      page.getByRole('contentinfo').getByRole('link', { name: 'Configure a label' }),
      page.getByRole('contentinfo').getByRole('link', { name: /^\+?[\d (]/ }),
    ];
    for (const link of links) expect(await heightOf(link)).toBeGreaterThanOrEqual(44);
    await page.goto('/checkout');
    const checkout = page.locator('[data-remote="cart_checkout"]');
    // No address yet: the folded amount is an estimate, as the total inside says.
    const toggle = checkout.getByRole('button', { name: /^Show details · Estimated \$/ });
    await expect(toggle).toBeInViewport({ timeout: 15_000 });
    await expect(toggle).toContainText('$9.40');
    await expect(checkout.getByTestId('checkout-total')).toBeHidden();
    await screenshot(page, 'shopper', 'checkout-summary-folded', { fullPage: false });
    await toggle.click();
    await expect(checkout.getByTestId('checkout-total')).toBeVisible();
    await screenshot(page, 'shopper', 'checkout-summary-open', { fullPage: false });
    await page.setViewportSize(DESKTOP);
    await expect(toggle).toBeHidden();
    await expect(checkout.getByTestId('checkout-total')).toBeVisible();
    await screenshot(page, 'shopper', 'checkout-summary', { fullPage: false });
  });

  test('the admin’s tabs and tables stay inside a phone’s width', async ({ browser, baseURL }) => {
    const admin = await adminPage(browser, baseURL!);
    for (const viewport of [PHONE, DESKTOP]) {
      await admin.setViewportSize(viewport);
      for (const tab of [
        'Dashboard',
        'Discount Codes',
        'Customers',
        'Orders',
        'Exports',
        'Enquiries',
        'Outbox',
      ]) {
        await admin.getByRole('tab', { name: tab }).click();
        await expect(admin.getByRole('tabpanel')).toBeVisible();
        // Measured once the panel shows its data, not its loading line.
        await expect(admin.getByRole('tabpanel').getByText(/^Loading/)).toHaveCount(0);
        // On a phone the tabs are one row that scrolls sideways; the selected one stays in sight.
        await expect(admin.getByRole('tab', { name: tab, selected: true })).toBeInViewport();
        await expect
          .poll(() => sidewaysOverflow(admin), { message: `${tab} at ${viewport.width}px` })
          .toEqual([]);
      }
      await admin.getByRole('tab', { name: 'Orders' }).click();
      await screenshot(admin, 'shopper', 'admin-orders');
    }
    await admin.context().close();
  });
});

test.describe('5. one truth about the shop and its mail', () => {
  test('the invoice and the email name the shop the site names; the Outbox says mail is kept there', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const sessionId = await sessionIdOf(page);
    const footer = page.getByRole('contentinfo');
    const name = (await page.getByRole('banner').getByRole('link').first().textContent())!;
    const phone = (await footer.getByRole('link', { name: /^\+?[\d (]/ }).textContent())!.trim();
    const email = (await footer.getByRole('link', { name: /@/ }).textContent())!.trim();
    expect(name).toContain('Engraved Labels');
    const info = customer();
    const order = await paidOrder(page, sessionId, { label: LABEL, customerInfo: info });

    const invoice = await page.request.get(`/api/orders/${order.orderId}/invoice.pdf`, {
      headers: { 'x-session-id': sessionId },
    });
    expect(invoice.status()).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(await invoice.body()) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    for (const detail of ['Engraved Labels', phone, email]) expect(text).toContain(detail);

    const messages = (await outboxMessages(browser, baseURL!)).filter(
      (message) => message.to === info.email,
    );
    expect(messages.map((message) => message.kind)).toEqual(
      expect.arrayContaining(['order_confirmation', 'proof_request']),
    );
    for (const message of messages) {
      for (const detail of ['Engraved Labels', phone, email])
        expect(message.text).toContain(detail);
    }
    // The confirmation says a proof comes first and what the customer will be asked to do.
    expect(messages.find((message) => message.kind === 'order_confirmation')?.text).toContain(
      'First, a proof: we email you a proof of each label. Check it on your order page, then approve it or tell us what to change.',
    );

    const admin = await adminPage(browser, baseURL!);
    await admin.getByRole('tab', { name: 'Outbox' }).click();
    await expect(admin.getByText(/No mail server is configured \(MAIL_URL\)/)).toBeVisible();
    await expect(admin.getByText('Kept in the outbox').first()).toBeVisible();
    await expect(admin.getByRole('cell', { name: 'Sent', exact: true })).toHaveCount(0);
    for (const viewport of [PHONE, DESKTOP]) {
      await admin.setViewportSize(viewport);
      await screenshot(admin, 'shopper', 'admin-outbox', { fullPage: false });
    }
    await admin.context().close();
  });

  test('Request a Quote on the landing page leads to the enquiry form', async ({ page }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await page.getByRole('link', { name: 'Request a Quote' }).click();
      await expect(page).toHaveURL(/\/contact#send-message$/);
      await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeInViewport();
      await expect(page.getByRole('textbox', { name: /Message/ })).toBeVisible();
      await screenshot(page, 'shopper', 'contact-from-quote', { fullPage: false });
    }
  });
});

test.describe('6. the uploaded artwork in the live preview', () => {
  test('an uploaded PNG is drawn on the label where the proof engraves it; a PDF is named as not drawn', async ({
    page,
  }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto('/products');
      const configurator = await chooseMaterial(page);
      await configurator.getByLabel('Width (inches)').fill('6');
      await configurator.getByLabel('Text to engrave').fill('MAIN PUMP');
      await configurator.getByLabel('Choose files to upload').setInputFiles([
        { name: 'logo.png', mimeType: 'image/png', buffer: PNG },
        { name: 'drawing.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%') },
      ]);
      await expect(configurator.getByRole('list', { name: 'Uploaded files' })).toContainText(
        'logo.png',
      );
      const preview = configurator.getByTestId('label-preview');
      await expect(preview.getByTestId('label-preview-artwork')).toHaveAttribute(
        'data-state',
        'shown',
      );
      const image = preview.locator('image');
      await expect(image).toHaveAttribute('href', /^blob:/);
      // On the plate, left of the text.
      const plate = (await preview.getByTestId('label-preview-plate').boundingBox())!;
      const drawn = (await image.boundingBox())!;
      const text = (await preview.getByTestId('label-preview-text').boundingBox())!;
      expect(drawn.x).toBeGreaterThan(plate.x);
      expect(drawn.y).toBeGreaterThan(plate.y);
      expect(drawn.y + drawn.height).toBeLessThan(plate.y + plate.height);
      expect(drawn.x + drawn.width).toBeLessThanOrEqual(text.x + 1);
      await expect(configurator.getByTestId('label-preview-not-drawn')).toContainText(
        '“drawing.pdf”',
      );
      await preview.scrollIntoViewIfNeeded();
      await screenshot(page, 'shopper', 'configurator-artwork', { fullPage: false });
    }
  });
});

test.describe('6b. the artwork on the order page', () => {
  test('the order page draws the ordered PNG on the label, as the configurator did', async ({
    page,
  }) => {
    const sessionId = await sessionIdOf(page);
    const uploaded = await page.request.post('/api/upload', {
      headers: { 'x-session-id': sessionId },
      multipart: { files: { name: 'logo.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(uploaded.status()).toBe(200);
    const [file] = ((await uploaded.json()) as { files: Array<{ filename: string }> }).files;
    const order = await paidOrder(page, sessionId, {
      label: {
        ...LABEL,
        width: 6,
        files: [{ hashedName: file!.filename, originalName: 'logo.png' }],
      },
      customerInfo: customer(),
    });
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/orders/${order.orderNumber}`);
      const preview = page.getByTestId('order-line').getByTestId('label-preview');
      await expect(preview.getByTestId('label-preview-artwork')).toHaveAttribute(
        'data-state',
        'shown',
      );
      await expect(preview.locator('image')).toHaveAttribute(
        'href',
        new RegExp(`/api/orders/${order.orderId}/files/${file!.filename}`),
      );
      await preview.scrollIntoViewIfNeeded();
      await screenshot(page, 'shopper', 'order-artwork', { fullPage: false });
    }
  });
});

test.describe('7 and 8. after a guest purchase, and a quiet console', () => {
  test('a guest pays on a phone: no 400 after paying, the thank-you page says a proof comes first and offers an account with the details entered', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    const sessionId = await sessionIdOf(page);
    await post(page.request, sessionId, '/api/cart', LABEL);
    await page.goto('/checkout');
    const checkout = page.locator('[data-remote="cart_checkout"]');
    const email = `${unique('guest')}@example.com`;
    const details: Record<string, string> = {
      'First Name': 'Ada',
      'Last Name': 'Lovelace',
      'Phone Number': '312 555 0100',
      'Email Address': email,
      Company: 'Analytical Engines',
      'Street Address': '120 Main St',
      City: 'Chicago',
      State: 'IL',
      'ZIP/Postal Code': '60601',
    };
    for (const [label, value] of Object.entries(details)) {
      await checkout.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    const pay = checkout.getByRole('button', { name: /^Complete Payment: \$[\d,]+\.\d\d$/ });
    await expect(pay).toBeEnabled({ timeout: 20_000 });
    const card = page.frameLocator('iframe[title="Secure card payment form"]');
    await card.getByLabel('Card number').fill('4111 1111 1111 1111');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('CVV').fill('123');
    await card.getByLabel('Postal code').fill('60601');
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    await pay.click();
    await expect(page).toHaveURL(/\/confirmation\/[0-9a-f]{24}$/, { timeout: 20_000 });

    const confirmation = page.getByTestId('order-confirmation');
    const steps = confirmation.getByRole('region', { name: 'What happens next' });
    await expect(steps.getByRole('listitem').first()).toContainText('Check and approve your proof');
    await expect(steps).toContainText('we engrave only after you approve');
    const offer = confirmation.getByRole('region', {
      name: 'Keep track of this order with an account',
    });
    await expect(offer).toContainText(`We email ${email} a link to confirm it`);
    await page.waitForLoadState('networkidle');
    expect(failures).toEqual([]);
    await screenshot(page, 'shopper', 'confirmation');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'shopper', 'confirmation');

    await offer.getByRole('button', { name: 'Create an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await expect(dialog.getByLabel('First name')).toHaveValue('Ada');
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await expect(dialog.getByLabel(/^Address/)).toHaveValue('120 Main St, Chicago, IL');
    await expect(dialog.getByLabel(/^ZIP code/)).toHaveValue('60601');
    await expect(dialog.getByLabel('Password')).toHaveValue('');
    await screenshot(page, 'shopper', 'create-account-prefilled', { fullPage: false });
    await dialog.getByLabel('Password').fill('analytical-1');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog).toBeHidden();

    // Signed in, the empty history says how the guest order joins it.
    await page.goto('/orders');
    await expect(page.getByTestId('guest-orders-note')).toContainText(
      `Orders you placed as a guest with ${email} join this history once you confirm that address`,
    );
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await screenshot(page, 'shopper', 'orders-empty', { fullPage: false });
    }
  });

  test('the landing and cart pages leave no "preloaded but not used" warning', async ({ page }) => {
    test.setTimeout(60_000);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    for (const path of ['/', '/cart']) {
      await page.goto(path);
      // The next page's remote is fetched once the browser is idle; Chromium warns of an unused
      // preload a few seconds after the load event.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(5000);
    }
    expect(warnings.filter((text) => /preloaded using link preload/.test(text))).toEqual([]);
  });
});
