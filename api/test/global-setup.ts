// One embedded database (FerretDB) for the whole API test run, on a free port with a throwaway data
// folder. Each test app then works in its own database on it (see support/test-app.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFerret } from '../../scripts/lib/ferretdb.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** mongodb://127.0.0.1:PORT/ of the run's database server; append a database name. */
    mongoBaseUri: string;
  }
}

export default async function setup({ provide }: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-api-test-'));
  const ferret = await startFerret({ dataDir, log: () => {} });
  provide('mongoBaseUri', `mongodb://127.0.0.1:${ferret.port}/`);

  return async () => {
    await ferret.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
