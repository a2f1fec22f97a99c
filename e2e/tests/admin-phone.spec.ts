import { expect, test, type Locator, type Page } from '@playwright/test';
import type { InsightsDashboard, LateOrder } from '../../contracts/src/insights.ts';
import { sidewaysOverflow } from '../support/layout';
import { DESKTOP, screenshot } from '../support/screenshots';
import { adminPage } from '../support/shop-api';

// The dashboard's tables of names on a 375 x 667 phone: the Proofs and production card's orders past
// their promised production time, and the discount codes used. A customer's name or a code of one
// long word breaks in its cell: neither the page nor the table scrolls sideways. Screenshots at 375
// and 1280 px go to test-results/screenshots/admin-phone, to look at.

const PHONE = { width: 375, height: 667 };

/** How far the page, or a box, scrolls sideways (0 when it does not). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth);
const boxOverflow = (box: Locator) =>
  box.evaluate((element) => element.scrollWidth - element.clientWidth);

test('on a phone, the orders past their promise and the codes used, long names too, fit their cards: nothing scrolls sideways', async ({
  browser,
  baseURL,
}) => {
  const admin = await adminPage(browser, baseURL!);
  // An order is late only days after its go-ahead: the dashboard's answer is given three, one of a
  // customer with a long name of one word, and a code of the 50 characters a code may have.
  const late: LateOrder[] = [
    'Ann Lee',
    'Bartholomew Wolfeschlegelsteinhausenbergerdorff',
    'Maximiliana Featherstonehaugh-Worthington',
  ].map((customerName, index) => ({
    id: `late${index}`,
    orderNumber: 104_200 + index,
    customerName,
    goAheadAt: '2026-11-16T15:00:00.000Z',
    promisedBy: '2026-11-23T15:00:00.000Z',
  }));
  await admin.route('**/api/admin/insights?*', async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as InsightsDashboard;
    await route.fulfill({
      response,
      json: {
        ...answer,
        production: { ...answer.production, late },
        discountCodes: [
          { code: 'ENGRAVEDPUMPLABELSCLEARANCE'.padEnd(50, 'X'), uses: 3, discount: 6 },
        ],
      },
    });
  });
  // The page opened before the route was set: its first read of the figures, unchanged, may still
  // be on its way, and the Dashboard shown again would take that one rather than ask anew. A fresh
  // page reads them through the route.
  await admin.reload();
  for (const viewport of [PHONE, DESKTOP]) {
    await admin.setViewportSize(viewport);
    await admin.getByRole('tab', { name: 'Orders' }).click();
    await admin.getByRole('tab', { name: 'Dashboard' }).click();
    const lateOrders = admin.getByRole('region', {
      name: 'Orders past their promised production time',
    });
    await expect(lateOrders.getByRole('rowheader')).toHaveText(['#104200', '#104201', '#104202']);
    const codes = admin.getByRole('region', { name: 'Discount codes used' });
    await expect(codes.getByRole('rowheader')).toHaveText([/^ENGRAVEDPUMPLABELSCLEARANCEX+$/]);
    await expect.poll(() => sidewaysOverflow(admin)).toEqual([]);
    expect(await pageOverflow(admin)).toBeLessThanOrEqual(0);
    for (const table of [lateOrders, codes])
      expect(
        await boxOverflow(table),
        `${await table.getAttribute('aria-label')} scrolls sideways at ${viewport.width}px`,
      ).toBe(0);
    await lateOrders.evaluate((table) => table.scrollIntoView());
    await screenshot(admin, 'admin-phone', 'dashboard-late-orders', { fullPage: false });
    await codes.evaluate((table) => table.scrollIntoView());
    await screenshot(admin, 'admin-phone', 'dashboard-codes', { fullPage: false });
  }
  await admin.context().close();
});
