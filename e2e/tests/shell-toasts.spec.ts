import { expect, test, type Page } from '@playwright/test';

// Toasts (docs/product.md sections 2 and 9): top on phones, bottom-right and at most 420px wide from medium
// screens; one at a time; swipe right to dismiss. Raised here by the contact form, through the store
// any remote uses.

async function sendEnquiry(page: Page, name = 'Ann Lee') {
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill('ann@plant.example');
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Please quote 40 phenolic labels, 3 x 2 inches.');
  await page.getByRole('button', { name: 'Send Message' }).click();
}

function toasts(page: Page) {
  return page.getByTestId('toast');
}

test('on a 375px phone, the toast shows at the top of the screen under the header, full width', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/contact');
  await sendEnquiry(page);
  const toast = toasts(page);
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Message sent');
  await expect(toast).toContainText("We'll reply to ann@plant.example within 24 hours.");
  await expect(toast.getByRole('button', { name: 'Close' })).toBeVisible();
  await page.waitForTimeout(300); // the slide-in animation
  // A phone's touch target.
  const close = (await toast.getByRole('button', { name: 'Close' }).boundingBox())!;
  expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(44);
  const box = (await toast.boundingBox())!;
  // Under the header: its cart badge and menu stay visible and usable.
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y).toBeLessThan(header.y + header.height + 40);
  await expect(page.getByRole('link', { name: /^Cart/ }).first()).toBeInViewport();
  expect(box.x).toBeLessThanOrEqual(16);
  expect(box.width).toBeGreaterThan(375 - 40);
});

test('on a 1280px screen, the toast shows at the bottom right, at most 420px wide', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/contact');
  await sendEnquiry(page);
  const toast = toasts(page);
  await expect(toast).toBeVisible();
  await page.waitForTimeout(300);
  const box = (await toast.boundingBox())!;
  const viewport = await page.getByTestId('toast-viewport').boundingBox();
  expect(viewport!.width).toBeLessThanOrEqual(420);
  expect(box.width).toBeLessThanOrEqual(420);
  expect(1280 - (box.x + box.width)).toBeLessThanOrEqual(24);
  expect(800 - (box.y + box.height)).toBeLessThanOrEqual(24);
});

test('only one toast is visible at a time: the newest replaces the previous one', async ({
  page,
}) => {
  await page.goto('/contact');
  await sendEnquiry(page, 'Ann Lee');
  await expect(toasts(page)).toContainText('Thank you, Ann Lee.');
  await sendEnquiry(page, 'Ben Ortiz');
  await expect(toasts(page)).toContainText('Thank you, Ben Ortiz.');
  await expect(toasts(page)).toHaveCount(1);
  // A destructive one (the API refuses) also takes the single place.
  await page.route('**/api/contact', (route) => route.fulfill({ status: 503, body: '' }));
  await sendEnquiry(page, 'Cy Ng');
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toHaveAttribute('data-variant', 'destructive');
  await expect(toasts(page)).toContainText('Message not sent');
});

test('a toast closes with its close control, and after 5 seconds by itself', async ({ page }) => {
  await page.goto('/contact');
  await sendEnquiry(page);
  await toasts(page).getByRole('button', { name: 'Close' }).click();
  await expect(toasts(page)).toHaveCount(0);

  await sendEnquiry(page);
  await expect(toasts(page)).toBeVisible();
  await page.waitForTimeout(3500);
  await expect(toasts(page)).toBeVisible();
  await expect(toasts(page)).toHaveCount(0, { timeout: 3000 });
});

test('a toast is dismissed by a swipe right past 50px, and stays after a shorter one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/contact');
  await sendEnquiry(page);
  const toast = toasts(page);
  await expect(toast).toBeVisible();
  await page.waitForTimeout(300);

  const swipe = async (distance: number) => {
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 40, y);
    await page.mouse.down();
    for (let step = 1; step <= 5; step++)
      await page.mouse.move(box.x + 40 + (distance * step) / 5, y);
    await page.mouse.up();
  };
  await swipe(30);
  await page.waitForTimeout(300);
  await expect(toast).toBeVisible();
  await swipe(120);
  await expect(toasts(page)).toHaveCount(0);
});
