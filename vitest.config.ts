import { defineConfig } from 'vitest/config';

// Two projects: fast unit tests (contracts, frontends in jsdom) and API integration tests against a
// real database that api/test/global-setup.ts starts for the run.
export default defineConfig({
  test: {
    // A test file per core: vitest's default (one less than the cores) runs one file at a time on a
    // two-core machine. scripts/test.mjs runs the two projects one after the other.
    maxWorkers: '100%',
    projects: [
      {
        // Shell code imports the store only through its federated path; unit tests resolve it to the source.
        resolve: {
          alias: { 'shell/store': new URL('./shell/src/store/index.ts', import.meta.url).pathname },
        },
        test: {
          name: 'unit',
          include: [
            'contracts/src/**/*.test.ts',
            'ui/src/**/*.test.{ts,tsx}',
            'shell/src/**/*.test.{ts,tsx}',
            'mfe-*/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.mjs',
            'shell/scripts/**/*.test.mjs',
            'webpack-config/**/*.test.mjs',
          ],
          environment: 'jsdom',
          setupFiles: ['./vitest.setup-dom.ts'],
          // A bound, not a speed check: room for the 5 s waits of vitest.setup-dom.ts on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
