// Serves this remote's production build as its own deployment (CORS open: the shell's page loads it).
// Opened directly, it is the remote's standalone page: /shell/ (the shell's files, its store) and /api
// are forwarded to the shell.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createStaticServer,
  listen,
  pageSecurityHeaders,
  stopOnSignals,
} from '../scripts/lib/static-server.mjs';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
const port = Number(process.env.CONFIGURATOR_PORT ?? 3001);
const shell = process.env.SHELL_URL ?? `http://127.0.0.1:${process.env.SHELL_PORT ?? 3000}`;

const server = createStaticServer({
  root: dist,
  spa: true,
  cors: true,
  forward: { '/shell': shell, '/api': shell },
  pageHeaders: pageSecurityHeaders({ production: process.env.NODE_ENV === 'production' }),
});
await listen(server, {
  port,
  host: process.env.HOST ?? '127.0.0.1',
  portVariable: 'CONFIGURATOR_PORT',
  name: 'mfe-configurator',
});
console.log(`mfe-configurator: http://localhost:${port}`);
stopOnSignals(server);
