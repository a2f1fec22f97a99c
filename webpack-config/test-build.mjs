// For the factory's tests: a small app built by webpack in a temporary folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const webpack = require('webpack');

/**
 * Writes `sources` ({ file name: code }) and builds them in production mode with `config` (its
 * `output` without a path). Returns the output folder and a `remove` for afterAll.
 */
export async function buildApp(sources, config) {
  const srcDir = mkdtempSync(path.join(os.tmpdir(), 'build-src-'));
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'build-out-'));
  for (const [name, source] of Object.entries(sources))
    writeFileSync(path.join(srcDir, name), source);
  const compiler = webpack({
    mode: 'production',
    context: srcDir,
    ...config,
    output: { ...config.output, path: outDir },
  });
  const stats = await new Promise((resolve, reject) =>
    compiler.run((error, result) => (error ? reject(error) : resolve(result))),
  );
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  const remove = () => {
    rmSync(srcDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  };
  return { outDir, remove };
}
