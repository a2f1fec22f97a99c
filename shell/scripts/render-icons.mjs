// Renders public/icons/icon.svg into the PNG sizes the web app manifest lists, with the repository's
// Playwright and the machine's Chromium (no download). Run after changing the SVG:
//   node shell/scripts/render-icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const iconsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const svg = readFileSync(path.join(iconsDir, 'icon.svg'), 'utf8');
const outputs = [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['icon-maskable-512.png', 512],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const [file, size] of outputs) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({
      path: path.join(iconsDir, file),
      clip: { x: 0, y: 0, width: size, height: size },
    });
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
}
