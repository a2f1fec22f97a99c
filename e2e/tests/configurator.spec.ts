import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { sidewaysOverflow } from '../support/layout';
import { DESKTOP, screenshot } from '../support/screenshots';

// A 1 x 1 transparent PNG: small and real (the API checks uploads by content).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function failOnPageErrors(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /ChunkLoadError|Loading chunk/.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The shell's visible toast (one at a time). */
function toast(page: Page) {
  return page.getByTestId('toast');
}

/** Marks the document; if the page reloads, the mark is gone. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  return async () =>
    page.evaluate(
      () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
    );
}

test('a configured label is priced by the server, takes artwork, and reaches the cart: the header badge (another app) updates without a reload', async ({
  page,
}) => {
  const problems = failOnPageErrors(page);
  await page.goto('/products');
  const configurator = page.locator('[data-remote="configurator"]');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Configure Your Custom Label' }),
  ).toBeVisible();
  const badge = page.getByTestId('cart-badge');
  await expect(badge).toHaveText('0');
  const sameDocument = await markDocument(page);

  // Everything past the material opens once one is chosen.
  await expect(configurator.getByLabel('Width (inches)')).toHaveCount(0);
  // The card does not move under the pointer as the steps and the summary open (the summary's
  // column is there from the start).
  const phenolic = (await configurator.getByText('Phenolic', { exact: true }).elementHandle())!;
  const before = await phenolic.boundingBox();
  await phenolic.click();
  await expect(configurator.getByRole('radio', { name: /Phenolic/ })).toBeChecked();
  await expect(configurator.getByTestId('order-summary')).toBeVisible();
  expect(await phenolic.boundingBox()).toEqual(before);

  await configurator.getByLabel('Width (inches)').fill('3');
  await configurator.getByLabel('Height (inches)').fill('2');
  await configurator.getByText('Adhesive backing', { exact: true }).click();
  await expect(configurator.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
  await expect(configurator.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await expect(configurator.getByTestId('unit-price')).toHaveText('$5.20');
  await expect(configurator.getByTestId('total-price')).toHaveText('$5.20');

  await configurator.getByLabel('Text to engrave').fill('MAIN PUMP');
  await expect(configurator.getByTestId('label-preview-text')).toHaveText('MAIN PUMP');

  await configurator
    .getByLabel('Choose files to upload')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(page)).toContainText('Files Uploaded Successfully');
  await expect(configurator.getByRole('list', { name: 'Uploaded files' })).toContainText(
    'logo.png',
  );

  await configurator.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page)).toContainText('Added to Cart');
  await expect(toast(page)).toContainText('Your custom sign has been added to the cart.');
  // The shell's header reads the one federated store the configurator just wrote to.
  await expect(badge).toHaveText('1');
  await expect(page.getByRole('link', { name: 'Cart, 1 label' })).toBeVisible();
  expect(await sameDocument()).toBe(true);

  // And the cart remote, loaded now, sees the same cart.
  await page.getByRole('link', { name: 'Cart, 1 label' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const cart = page.locator('[data-remote="cart_checkout"]');
  await expect(cart).toBeVisible();
  await expect(cart.getByText(/phenolic/i).first()).toBeVisible();
  await expect(cart.getByText('$5.20').first()).toBeVisible();
  expect(await sameDocument()).toBe(true);
  expect(problems).toEqual([]);
});

test('the price shows zeros while the size is too small, and a bad file is refused before upload', async ({
  page,
}) => {
  await page.goto('/products');
  const configurator = page.locator('[data-remote="configurator"]');
  await configurator.getByText('Indoor use', { exact: true }).click();
  await expect(configurator.getByTestId('total-price')).not.toHaveText('$0.00');

  await configurator.getByLabel('Width (inches)').fill('0.5');
  await expect(configurator.getByTestId('unit-price')).toHaveText('$0.00');
  await expect(configurator.getByTestId('total-price')).toHaveText('$0.00');

  await configurator.getByLabel('Choose files to upload').setInputFiles({
    name: 'notes.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await expect(toast(page)).toContainText('File Upload Error');
  await expect(toast(page)).toContainText(
    'File "notes.exe": Unsupported file type. Please use PDF, Excel, Word, or image files.',
  );
});

test('each material’s safety data sheet is a PDF served by the configurator’s own server', async ({
  page,
  request,
}) => {
  await page.goto('/products');
  await page.getByRole('button', { name: 'Literature' }).click();
  const link = page.getByRole('link', { name: /Phenolic safety data sheet/ });
  const href = (await link.getAttribute('href'))!;
  // Inside the shell the page's origin is the shell's; the sheet comes from the remote's origin.
  expect(new URL(href).origin).not.toBe(new URL(page.url()).origin);
  const answer = await request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px the preview stays in view, clear of the field, while the shopper types`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/products');
    const configurator = page.locator('[data-remote="configurator"]');
    await configurator.getByText('Indoor', { exact: true }).click();
    const text = configurator.getByLabel('Text to engrave');
    // Focus scrolls the field into view: it lands below the pinned preview, not under it.
    await text.focus();
    await text.pressSequentially('PUMP 3');
    await expect(configurator.getByTestId('label-preview-text')).toHaveText('PUMP 3');

    const header = await page.getByRole('banner').boundingBox();
    const preview = await configurator.getByTestId('label-preview').boundingBox();
    const field = await text.boundingBox();
    expect(header && preview && field).toBeTruthy();
    expect(preview!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(preview!.y + preview!.height).toBeLessThanOrEqual(field!.y);
    expect(field!.y + field!.height).toBeLessThanOrEqual(viewport.height);

    // Text too small to engrave: the preview flags it in one line, the field explains it.
    await text.fill('PROPERTY OF ACME CORPORATION, PLANT 4, PACKAGING LINE 2, CABINET 7');
    await expect(configurator.getByTestId('label-preview-too-small')).toHaveText(
      'Text too small to engrave legibly',
    );
    await expect(configurator.getByTestId('custom-text-too-small')).toContainText(
      'Shorten the text, use fewer lines or choose a larger label.',
    );
    // A card further down, tapped, lands clear of the pinned preview and of the phone's price bar.
    const series = configurator.getByRole('radio', { name: /Numbered series/ });
    await configurator.getByText('Numbered series', { exact: true }).click();
    await expect(series).toBeChecked();
    const card = await configurator.getByText('Numbered series', { exact: true }).boundingBox();
    const pinned = await configurator.getByTestId('label-preview').boundingBox();
    expect(card!.y).toBeGreaterThanOrEqual(pinned!.y + pinned!.height);
    const bar = configurator.getByTestId('price-bar');
    if (await bar.isVisible()) {
      expect(card!.y + card!.height).toBeLessThanOrEqual((await bar.boundingBox())!.y);
    }
  });
}

test('the materials are one radio group: one Tab stop, the arrows move the choice', async ({
  page,
}) => {
  await page.goto('/products');
  const configurator = page.locator('[data-remote="configurator"]');
  const radio = (name: string) => configurator.getByRole('radio', { name: new RegExp(name) });
  await expect(radio('Indoor')).toBeVisible({ timeout: 15_000 });
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement;
      return el.type === 'radio' ? `${el.name}:${el.value}` : el.tagName;
    });

  // Nothing chosen yet: the first material is the group's stop, and Tab then leaves the group.
  await radio('Indoor').focus();
  await page.keyboard.press('Tab');
  expect(await focused()).not.toMatch(/^material:/);
  await page.keyboard.press('Shift+Tab');
  expect(await focused()).toBe('material:indoor');

  // An arrow chooses the next one, which becomes the stop.
  await page.keyboard.press('ArrowRight');
  await expect(radio('Phenolic')).toBeChecked();
  expect(await focused()).toBe('material:phenolic');
  await page.keyboard.press('Tab');
  expect(await focused()).not.toMatch(/^material:/);
  await page.keyboard.press('Shift+Tab');
  expect(await focused()).toBe('material:phenolic');
  await page.keyboard.press('Shift+Tab');
  expect(await focused()).not.toMatch(/^material:/);
});

test('on a phone, every control the keyboard reaches is shown clear of the price bar', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/products');
  const configurator = page.locator('[data-remote="configurator"]');
  await configurator.getByText('Indoor', { exact: true }).click();
  const bar = configurator.getByTestId('price-bar');
  await expect(bar).toBeVisible();
  const hidden: string[] = [];
  for (let step = 0; step < 60; step++) {
    await page.keyboard.press('Tab');
    // Measured once the page has stopped scrolling to the control.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let last = -1;
          let still = 0;
          const tick = () => {
            still = window.scrollY === last ? still + 1 : 0;
            last = window.scrollY;
            if (still >= 3) resolve();
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
    );
    // What the shopper sees of the focused control: its label when the control itself is drawn
    // by it (a choice card's radio, the upload's file input).
    const seen = await page.evaluate(() => {
      const control = document.activeElement as HTMLElement | null;
      if (!control?.closest('[data-remote="configurator"]')) return null;
      if (control.closest('[data-testid="price-bar"], [aria-label="Label preview"]')) return null;
      const input = control instanceof HTMLInputElement ? control : null;
      const shown =
        input && input.offsetWidth <= 1 ? (input.labels?.[0] ?? input.closest('label')) : control;
      const box = (shown ?? control).getBoundingClientRect();
      return { name: control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '', box };
    });
    if (!seen) continue;
    // The bar pins to the screen's foot while the steps are on screen, and leaves with them.
    const barBox = (await bar.boundingBox())!;
    const barTop = barBox.y;
    const pinned = barBox.y + barBox.height >= 740 - 1;
    if (pinned && seen.box.y + seen.box.height > barTop + 0.5)
      hidden.push(
        `${seen.name.slice(0, 40)} ends at ${Math.round(seen.box.bottom)}, bar at ${barTop}`,
      );
  }
  expect(hidden).toEqual([]);
});

test('on a phone, the quantity hint’s “Ask for a quote” is a 44 px target in one piece at the end of its sentence', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/products');
  const configurator = page.locator('[data-remote="configurator"]');
  await configurator.getByText('Indoor', { exact: true }).click();
  const link = configurator.getByRole('link', { name: 'Ask for a quote' });
  await link.scrollIntoViewIfNeeded();
  // Measured at one moment (the page may still be scrolling): the link, its pieces, its sentence.
  const { box, pieces, sentence, text } = await link.evaluate((element) => ({
    box: element.getBoundingClientRect().toJSON() as DOMRect,
    pieces: element.getClientRects().length,
    sentence: element.parentElement!.getBoundingClientRect().toJSON() as DOMRect,
    text: element.parentElement!.textContent,
  }));
  expect(text).toBe('Up to 10,000 per line. More? Ask for a quote');
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
  // Not split over two lines, and inside its sentence's box (the target takes room of its own, so
  // no tap meant for the stepper above lands on it).
  expect(pieces).toBe(1);
  expect(box.top).toBeGreaterThanOrEqual(sentence.top);
  expect(box.bottom).toBeLessThanOrEqual(sentence.bottom);
  await configurator.getByRole('textbox', { name: 'Quantity' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'configurator', 'quantity-quote-link', { fullPage: false });
  // From the small breakpoint up the link is an ordinary one in its sentence.
  await page.setViewportSize(DESKTOP);
  await configurator.getByRole('textbox', { name: 'Quantity' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'configurator', 'quantity-quote-link', { fullPage: false });
});

// 10,000 labels of 9″ × 9″ UV-resistant: $372,400.00, the widest total the configurator shows.
test('on a 320 px phone, a six-figure total keeps the summary, the price bar and the page within the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/products');
  const configurator = page.locator('[data-remote="configurator"]');
  await configurator.getByText('UV-Resistant', { exact: true }).click();
  await configurator.getByLabel('Width (inches)').fill('9');
  await configurator.getByLabel('Height (inches)').fill('9');
  await configurator.getByRole('textbox', { name: 'Quantity' }).fill('10000');
  const total = configurator.getByTestId('price-bar-total');
  await expect(total).toHaveText(/^\$\d{3},\d{3}\.\d\d$/);
  await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
  const bar = (await configurator.getByTestId('price-bar').boundingBox())!;
  expect(bar.x + bar.width).toBeLessThanOrEqual(320);
  const button = (await configurator
    .getByRole('button', { name: 'See order summary' })
    .boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(bar.x + bar.width);
  const summaryTotal = (await configurator.getByTestId('total-price').boundingBox())!;
  expect(summaryTotal.x + summaryTotal.width).toBeLessThanOrEqual(320);
});

test('while a new price is on its way, the summary and the phone’s price bar say so and keep their text’s contrast', async ({
  page,
}) => {
  await page.goto('/products');
  const configurator = page.locator('[data-remote="configurator"]');
  await configurator.getByText('Phenolic', { exact: true }).click();
  await configurator.getByLabel('Width (inches)').fill('3');
  await configurator.getByLabel('Height (inches)').fill('2');
  await expect(configurator.getByTestId('total-price')).toHaveText('$4.70');

  // The next price is held on its way, so the page stays busy while it is read.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/calculate-price', async (route) => {
    await held;
    await route.continue();
  });
  await configurator.getByLabel('Width (inches)').fill('4');
  const prices = configurator.getByTestId('order-summary').locator('dl[aria-busy="true"]');
  await expect(prices).toBeVisible();
  await expect(configurator.getByText('Updating price…')).toBeVisible();
  const contrast = async (selector: string) => {
    // Past any fade's transition: the page as the shopper reads it while waiting.
    await page.waitForTimeout(300);
    const { violations } = await new AxeBuilder({ page })
      .include(selector)
      .withRules(['color-contrast'])
      .analyze();
    return violations.flatMap((violation) =>
      violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    );
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await contrast('[data-testid="order-summary"]')).toEqual([]);
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(configurator.getByTestId('price-bar')).toHaveAttribute('aria-busy', 'true');
  expect(await contrast('[data-testid="price-bar"]')).toEqual([]);

  release();
  await expect(configurator.getByTestId('total-price')).toHaveText('$5.60');
  await expect(prices).toHaveCount(0);
  await expect(configurator.getByTestId('price-bar')).toHaveAttribute('aria-busy', 'false');
});
