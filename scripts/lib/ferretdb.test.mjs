import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { startFerret } from './ferretdb.mjs';
import { freePort } from './ports.mjs';

it('when another database already answers on the port, then starting one there fails rather than passing that one off as its own', async () => {
  const port = await freePort();
  const dirs = [
    await mkdtemp(path.join(os.tmpdir(), 'ferret-a-')),
    await mkdtemp(path.join(os.tmpdir(), 'ferret-b-')),
  ];
  const first = await startFerret({ port, dataDir: dirs[0], dbName: 'a', log: () => {} });
  try {
    await expect(
      startFerret({ port, dataDir: dirs[1], dbName: 'b', log: () => {}, timeoutMs: 10_000 }),
    ).rejects.toThrow(/FerretDB exited|did not answer/);
  } finally {
    await first.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}, 30_000);
