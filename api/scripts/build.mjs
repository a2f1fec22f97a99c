// Bundles the API into dist/server.js. Dependencies stay in node_modules (imported at run time), except
// the workspace's own @shop/contracts, which is TypeScript source and has to be compiled in.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractsDir = path.resolve(apiDir, '../contracts/src');

/** Points @shop/contracts (and @shop/contracts/<file>) at its source so esbuild bundles it. */
const bundleContracts = {
  name: 'bundle-contracts',
  setup(builder) {
    builder.onResolve({ filter: /^@shop\/contracts(\/.*)?$/ }, (args) => {
      const file =
        args.path === '@shop/contracts' ? 'index' : args.path.slice('@shop/contracts/'.length);
      return { path: path.join(contractsDir, `${file}.ts`) };
    });
  },
};

await build({
  // The server, its threads (PDFs: src/platform/pdf-thread.ts; background jobs: src/jobs/thread.ts),
  // the release registry's CLI (npm run releases), which needs no running API, and the settings'
  // check npm start runs before building the frontends (scripts/lib/settings.mjs).
  entryPoints: {
    server: path.join(apiDir, 'src/server.ts'),
    'pdf-worker': path.join(apiDir, 'src/pdf-worker.ts'),
    'jobs-worker': path.join(apiDir, 'src/jobs-worker.ts'),
    'releases-cli': path.join(apiDir, 'src/cli/releases.ts'),
    'check-config': path.join(apiDir, 'src/cli/check-config.ts'),
  },
  outdir: path.join(apiDir, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [bundleContracts],
  sourcemap: true,
  logLevel: 'warning',
});
console.log(
  'Built api/dist/server.js, pdf-worker.js, jobs-worker.js, releases-cli.js and check-config.js',
);
