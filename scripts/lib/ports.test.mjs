import net from 'node:net';
import { expect, it } from 'vitest';
import { ephemeralPortsFrom, freePort } from './ports.mjs';

it('when ports are asked for, then each is below the outgoing connections’ range and free to listen on', async () => {
  const from = ephemeralPortsFrom();
  for (let index = 0; index < 20; index++) {
    const port = await freePort();
    expect(port).toBeLessThan(from);
    const server = net.createServer();
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  }
});

it('when connections are opened, then none of them draws a port freePort gives', async () => {
  const server = net.createServer((socket) => socket.end());
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sockets = await Promise.all(
    Array.from(
      { length: 50 },
      () =>
        new Promise((resolve, reject) => {
          const socket = net.connect(server.address().port, '127.0.0.1', () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  try {
    const outgoing = sockets.map((socket) => socket.localPort);
    expect(Math.min(...outgoing)).toBeGreaterThanOrEqual(ephemeralPortsFrom());
    expect(await freePort()).toBeLessThan(Math.min(...outgoing));
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
});
