// One remote's production server, the same for every remote: its build served as its own deployment
// (CORS open: the shell's page loads it). Opened directly, it is the remote's standalone page: /shell/
// (the shell's files, its store) and /api are forwarded to the shell.
import path from 'node:path';
import {
  createStaticServer,
  listen,
  pageSecurityHeaders,
  stopOnSignals,
} from './static-server.mjs';

/**
 * Where `npm run release` keeps each remote's releases: `<store>/<remote dir>/<version>/`, the store
 * being RELEASE_STORE_DIR or `.releases/` at the repository's root.
 */
export function releaseStoreDir(remoteDir, store = process.env.RELEASE_STORE_DIR) {
  return path.join(
    path.resolve(store ?? path.join(import.meta.dirname, '../../.releases')),
    remoteDir,
  );
}

/**
 * Serves `<appDir>/dist` on `process.env[portVariable]` (or `defaultPort`) until a stop signal, and the
 * remote's published releases under /releases/<version>/ (README "Releasing a remote").
 */
export async function serveRemote({ appDir, name, portVariable, defaultPort }) {
  const port = Number(process.env[portVariable] ?? defaultPort);
  const shell = process.env.SHELL_URL ?? `http://127.0.0.1:${process.env.SHELL_PORT ?? 3000}`;
  const production = process.env.NODE_ENV === 'production';
  const server = createStaticServer({
    root: path.join(appDir, 'dist'),
    spa: true,
    cors: true,
    mounts: { '/releases': releaseStoreDir(path.basename(appDir)) },
    forward: { '/shell': shell, '/api': shell },
    pageHeaders: pageSecurityHeaders({ production }),
    sourceMaps: !production,
  });
  await listen(server, { port, host: process.env.HOST ?? '127.0.0.1', portVariable, name });
  console.log(`${name}: http://localhost:${port}`);
  stopOnSignals(server);
}
