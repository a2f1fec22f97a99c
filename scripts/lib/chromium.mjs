// How every tool here starts Debian's Chromium (the e2e run, npm run measure, npm run lighthouse): one
// list, so a flag that keeps the browser quiet on a shared machine is added once, and one install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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

/** Installs Debian's chromium package when CHROMIUM_PATH is missing (as root, or through sudo). */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log("Installing Debian's chromium package...");
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) =>
    spawnSync(asRoot.length ? 'sudo' : args[0], asRoot.length ? args : args.slice(1), {
      stdio: 'inherit',
    });
  if (
    run(['apt-get', 'update', '-qq']).status !== 0 ||
    run(['apt-get', 'install', '-y', '-qq', 'chromium']).status !== 0
  ) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH} and could not be installed; install the chromium package or set CHROMIUM_PATH.`,
    );
  }
}
