// Waiting for a page's network to go quiet after something the test did.
import { expect, type Page } from '@playwright/test';

/**
 * Counts the page's requests under way, from now on: `quiet(ms)` resolves once none has been under
 * way for `ms` in a row, a stretch that begins after it is called. Playwright's `networkidle` state is
 * reached once per document and answers at once ever after, so after a click, a hover or a
 * client-side navigation it waits for nothing (and a slow first render can leave the network quiet for
 * 500 ms before the first calls start); a check of what came afterwards would then pass before it
 * came. Start it before the action whose requests are waited for.
 */
export function trackRequests(page: Page) {
  let underWay = 0;
  let quietSince = Date.now();
  page.on('request', () => {
    underWay += 1;
  });
  const done = () => {
    underWay -= 1;
    if (underWay === 0) quietSince = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(ms = 500) {
      const from = Date.now();
      await expect
        .poll(() => underWay === 0 && Date.now() - Math.max(quietSince, from) >= ms, {
          intervals: [100],
        })
        .toBe(true);
    },
  };
}
