// Serves this remote's production build as its own deployment (scripts/lib/remote-server.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveRemote } from '../scripts/lib/remote-server.mjs';

await serveRemote({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mfe-admin',
  portVariable: 'ADMIN_PORT',
  defaultPort: 3004,
});
