// How every tool here starts Debian's Chromium (the e2e run, npm run measure, npm run lighthouse): one
// list, so a flag that keeps the browser quiet on a shared machine is added once.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The same for Lighthouse, which starts Chromium itself. */
export const LIGHTHOUSE_CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
