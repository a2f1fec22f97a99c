import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
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
    ).rejects.toThrow(/address already in use/);
  } finally {
    await first.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}, 30_000);

it('when the free port it took is taken before it listens there, then it starts on another', async () => {
  const holder = net.createServer();
  await new Promise((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const taken = holder.address().port;
  const offered = [taken];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ferret-c-'));
  try {
    const ferret = await startFerret({
      dataDir,
      log: () => {},
      pickPort: async () => offered.shift() ?? freePort(),
    });
    await ferret.stop();
    expect(offered).toEqual([]);
    expect(ferret.port).not.toBe(taken);
    expect(ferret.uri).toBe(`mongodb://127.0.0.1:${ferret.port}/engraved_shop`);
  } finally {
    holder.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}, 30_000);
