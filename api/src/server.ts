// Entry point: check the configuration, reach the database, listen, and shut down cleanly on a signal.
import http from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { connectDatabase, disconnectDatabase, redactUri } from './platform/db';
import { createLogger } from './platform/logger';
import { startJobsThread } from './jobs/thread';
import { seedDevelopmentData } from './seed/seed';
import { prepareDatabase } from './migrations';

const SHUTDOWN_GRACE_MS = 10_000;
/**
 * The exit code of a configuration the API refuses (sysexits' EX_CONFIG): starting again cannot fix
 * it, so `npm start`'s supervisor stops instead of restarting (scripts/lib/supervisor.mjs), as
 * systemd does with RestartPreventExitStatus=78.
 */
const EXIT_CONFIG = 78;

/** For problems an operator fixes (bad variable, busy port, no database): one plain message, no stack. */
function stop(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) stop(error.message, EXIT_CONFIG);
    throw error;
  }
}

/**
 * Resolves once the server holds no connection, or after its keep-alive timeout: by then every
 * connection idle at the start was closed by its client or by the server's timer.
 */
async function drained(server: http.Server): Promise<void> {
  const deadline = Date.now() + server.keepAliveTimeout;
  for (;;) {
    const open = await new Promise<number>((resolve) =>
      server.getConnections((error, count) => resolve(error ? 0 : count)),
    );
    if (open === 0 || Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main() {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  if (config.adminSecretIsDevDefault) {
    logger.warn(
      'ADMIN_SECRET is not set: using the development default "dev-admin-secret". Set it before going live.',
    );
  }

  logger.info({ database: redactUri(config.mongodbUri) }, 'Connecting to the database');
  try {
    await connectDatabase(config.mongodbUri, { timeoutMs: config.dbConnectTimeoutMs, logger });
  } catch (error) {
    stop(error instanceof Error ? error.message : String(error));
  }
  await prepareDatabase(logger);
  if (config.nodeEnv === 'development') await seedDevelopmentData(logger);

  const server = http.createServer(createApp({ config, logger }));
  server.on('error', async (error: NodeJS.ErrnoException) => {
    await disconnectDatabase().catch(() => {});
    if (error.code === 'EADDRINUSE')
      stop(`Port ${config.port} is in use; set API_PORT to another port.`);
    if (error.code === 'EACCES')
      stop(`Not allowed to listen on port ${config.port}; set API_PORT to another port.`);
    stop(`The API could not listen on ${config.host}:${config.port}: ${error.message}`);
  });
  server.listen(config.port, config.host, () => {
    logger.info(`API listening on http://${config.host}:${config.port} (${config.nodeEnv})`);
  });
  // Background work (mail worker, expiry sweeps) on a thread of its own: src/jobs/thread.ts.
  const jobs = startJobsThread(logger);
  if (!config.mail.url) {
    logger.info("MAIL_URL is not set: email stays in the outbox (the admin panel's Outbox tab)");
  }

  let shuttingDown = false;
  // The answers under way: once shutting down, each says Connection: close, so a keep-alive client
  // (the shell's forwarding keeps its connections) lets go after it and close() can finish.
  const answering = new Set<http.ServerResponse>();
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (shuttingDown && !res.headersSent) res.setHeader('Connection', 'close');
    answering.add(res);
    res.once('close', () => answering.delete(res));
  });
  const shutDown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
    logger.info({ signal }, 'Shutting down: finishing requests in flight');
    setTimeout(() => {
      logger.error(`Requests still running after ${SHUTDOWN_GRACE_MS / 1000}s; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // The jobs thread is told at once, not after the requests: a mail round ends after the sends
    // under way and records them, within the grace, whatever the requests take (jobs/thread.ts).
    const jobsStopped = jobs.stop();
    // Kept-alive connections are let go, not cut: closing an idle one could cut a request the
    // client (the shell's forwarding) sent on it at that instant, and a POST cut so is a 502 the
    // shell cannot safely send again. While draining, the API still listens and answers, each answer
    // closing its connection; a connection left idle is closed by its client first (Node and undici
    // let go a second before the Keep-Alive timeout the API announces) or by the API's own timer.
    // Then close() stops listening and waits for the requests still in flight.
    void drained(server).then(() =>
      server.close(async () => {
        await jobsStopped;
        await disconnectDatabase().catch((error: unknown) =>
          logger.warn({ err: error }, 'Closing the database failed'),
        );
        logger.info('Stopped');
        process.exit(0);
      }),
    );
  };
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
}

main().catch((error: unknown) => {
  console.error('The API failed to start:', error);
  process.exit(1);
});
