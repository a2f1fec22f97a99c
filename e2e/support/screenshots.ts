import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

// Screenshots for a person to look at (no test compares them), in
// test-results/screenshots/<folder>/<name>-<width>.png.

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/** The page as it is, at its current width: its whole length, or what the screen shows. */
export async function screenshot(
  page: Page,
  folder: string,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
) {
  const dir = path.join(SCREENSHOTS, folder);
  await mkdir(dir, { recursive: true });
  const file = `${name}-${page.viewportSize()!.width}.png`;
  await page.screenshot({ path: path.join(dir, file), fullPage });
}

/** The page at a phone's width, then a desktop's, where it stays. */
export async function screenshots(page: Page, folder: string, name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await screenshot(page, folder, name);
  }
}
