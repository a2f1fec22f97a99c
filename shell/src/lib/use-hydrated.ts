import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is prerendered HTML (at build time, and while the browser hydrates it), true once
 * the app runs: what only works with JavaScript waits for it, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

// The year the prerendered pages were built in, set by the build (webpack's and the prerender's);
// unit tests, built by neither, take this year.
declare const __BUILD_YEAR__: number | undefined;
const BUILD_YEAR = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear();
const currentYear = () => new Date().getFullYear();

/**
 * This year: the build's while a prerendered page hydrates (so the HTML matches), then the browser's,
 * so a page built last December says this year once it runs.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(subscribe, currentYear, () => BUILD_YEAR);
}
