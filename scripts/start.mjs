// npm start: installs what is missing, builds what is stale, starts the database, the API, every remote
// and the shell, and prints the URL. A process that dies is restarted with backoff and logged
// (scripts/lib/supervisor.mjs); only the database dying stops the shop. Ctrl-C stops everything.
import path from 'node:path';
import { ensureDependencies, root } from './lib/install.mjs';
import { buildStale } from './lib/build.mjs';
import { checkApiSettings } from './lib/settings.mjs';

const started = Date.now();
try {
  ensureDependencies();
  // The API's settings first (its build takes seconds): a bad one stops here with the list, before
  // the frontends are built or anything is started.
  buildStale(console.log, { only: ['api'] });
  checkApiSettings(process.env);
  // A port in use stops here too, before minutes of building the frontends.
  const { checkStackPorts, startStack } = await import('./lib/stack.mjs');
  await checkStackPorts(process.env);
  buildStale();
  const stack = await startStack({
    env: process.env,
    dataDir: path.join(root, '.data/ferretdb'),
    supervise: true,
  });
  console.log(
    `\nThe shop is running: ${stack.urls.shell}  (ready in ${((Date.now() - started) / 1000).toFixed(1)}s)`,
  );
  console.log('Press Ctrl-C to stop.\n');

  let stopping = false;
  const shutdown = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the shop...');
    await stack.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  stack.database?.process.on('exit', (code) => {
    if (stopping) return;
    console.error(`The database stopped unexpectedly (exit ${code}); stopping the shop.`);
    shutdown(1);
  });
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
