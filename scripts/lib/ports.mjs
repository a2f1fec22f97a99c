import { readFileSync } from 'node:fs';
import net from 'node:net';

/** Resolves true when nothing listens on 127.0.0.1:port. */
export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** The lowest port the OS gives outgoing connections (Linux's setting; its default elsewhere). */
export function ephemeralPortsFrom() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/);
    return Number(low) || 32768;
  } catch {
    return 32768;
  }
}

const LOWEST_PICKED = 10_000;

/**
 * A port free right now, for a server started next. It is picked below the ports the OS gives
 * outgoing connections: a port the OS handed out (listen on 0) is free again once asked, and a
 * connection opened before the server listens (a test's, the server's own to its database) may take
 * it. One in a range no connection draws from stays free unless another server takes it.
 */
export async function freePort() {
  const below = ephemeralPortsFrom();
  for (let tries = 0; below > LOWEST_PICKED + 1000 && tries < 50; tries++) {
    const port = LOWEST_PICKED + Math.floor(Math.random() * (below - LOWEST_PICKED));
    if (await isPortFree(port)) return port;
  }
  return osFreePort();
}

/** A port the OS says is free right now (from the outgoing connections' range). */
function osFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
