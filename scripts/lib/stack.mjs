// Starts the whole shop as separate processes, each like its own deployment: the database (embedded
// FerretDB unless MONGODB_URI is given), the API, every remote's server and the shell's server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startFerret } from './ferretdb.mjs';
import { freePort, isPortFree } from './ports.mjs';
import { root } from './install.mjs';
import { supervise } from './supervisor.mjs';
import { adoptRunningBuilds } from './running-releases.mjs';

export const DEFAULT_PORTS = {
  SHELL_PORT: 3000,
  CONFIGURATOR_PORT: 3001,
  CART_CHECKOUT_PORT: 3002,
  ACCOUNT_PORT: 3003,
  ADMIN_PORT: 3004,
  API_PORT: 4000,
  FERRETDB_PORT: 27117,
};

/** A free port for every server of the stack, as the environment variables startStack reads. */
export async function freeStackPorts() {
  // Each port is free when picked but not held, so one may come twice: ask again until every
  // server of the stack has its own.
  const env = {};
  const taken = new Set();
  for (const variable of Object.keys(DEFAULT_PORTS)) {
    let port = await freePort();
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    env[variable] = String(port);
  }
  return env;
}

const REMOTES = [
  {
    remote: 'configurator',
    dir: 'mfe-configurator',
    portVariable: 'CONFIGURATOR_PORT',
    urlVariable: 'REMOTE_CONFIGURATOR_URL',
  },
  {
    remote: 'cart_checkout',
    dir: 'mfe-cart-checkout',
    portVariable: 'CART_CHECKOUT_PORT',
    urlVariable: 'REMOTE_CART_CHECKOUT_URL',
  },
  {
    remote: 'account',
    dir: 'mfe-account',
    portVariable: 'ACCOUNT_PORT',
    urlVariable: 'REMOTE_ACCOUNT_URL',
  },
  {
    remote: 'admin',
    dir: 'mfe-admin',
    portVariable: 'ADMIN_PORT',
    urlVariable: 'REMOTE_ADMIN_URL',
  },
];

async function waitForHttp(url, { timeoutMs = 60_000, isReady = (r) => r.ok } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (isReady(response)) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * The stack's ports (`env`'s variables, else DEFAULT_PORTS), each checked free: throws naming the
 * first one in use and its variable. npm start checks before building, startStack again before
 * starting (the database's is not needed with MONGODB_URI).
 * @param {Record<string, string|undefined>} env
 * @returns {Promise<Record<string, number>>}
 */
export async function checkStackPorts(env) {
  const ports = Object.fromEntries(
    Object.entries(DEFAULT_PORTS).map(([variable, fallback]) => [
      variable,
      Number(env[variable] ?? fallback),
    ]),
  );
  const needed = Object.entries(ports).filter(
    ([variable]) => variable !== 'FERRETDB_PORT' || !env.MONGODB_URI,
  );
  for (const [variable, port] of needed) {
    if (!(await isPortFree(port))) {
      throw new Error(
        `Port ${port} is in use; set ${variable} to another port (or stop what is using it).`,
      );
    }
  }
  return ports;
}

/**
 * @param {object} options
 * @param {Record<string, string|undefined>} options.env environment for every process (ports, secrets, ...)
 * @param {string} options.dataDir where the embedded database keeps its files
 * @param {'inherit'|'ignore'|'pipe'} [options.stdio]
 * @param {boolean} [options.supervise] restart the API, a remote or the shell when it dies (npm start;
 *   the e2e suite stops one on purpose and leaves it off)
 * @returns {Promise<{ urls: Record<string,string>, ports: Record<string,number>, processes: Record<string, import('node:child_process').ChildProcess>, stop: () => Promise<void> }>}
 */
export async function startStack({
  env,
  dataDir,
  stdio = 'inherit',
  log = console.log,
  supervise: keepUp = false,
}) {
  const ports = await checkStackPorts(env);

  const children = {};
  const supervisors = [];
  let database;
  const stop = async () => {
    await Promise.all(supervisors.map((supervisor) => supervisor.stop()));
    const exits = Object.values(children).map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 8000).unref();
        }),
    );
    await Promise.all(exits);
    await database?.stop();
  };

  try {
    let mongoUri = env.MONGODB_URI;
    if (!mongoUri) {
      database = await startFerret({ port: ports.FERRETDB_PORT, dataDir, log });
      mongoUri = database.uri;
    }
    const baseEnv = {
      ...process.env,
      ...env,
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
      MONGODB_URI: mongoUri,
    };
    const spawnScript = (script) =>
      spawn(process.execPath, [script], {
        cwd: root,
        env: baseEnv,
        stdio: ['ignore', stdio, stdio],
      });
    // A process refusing its configuration is not restarted (supervisor.mjs): the start fails at
    // once with its list above, rather than waiting out the API's health check.
    let refuse;
    const refused = new Promise((_resolve, reject) => {
      refuse = reject;
    });
    refused.catch(() => {});
    const run = (name, script) => {
      if (keepUp) {
        const onGiveUp = () =>
          refuse(new Error(`The shop did not start: fix the settings of ${name} listed above.`));
        supervisors.push(supervise({ name, start: () => spawnScript(script), onGiveUp }));
        return;
      }
      children[name] = spawnScript(script);
    };

    // The build each remote runs is its live release unless a team promoted one (running-releases.mjs);
    // a registry that cannot be written leaves the remotes on their REMOTE_*_URL, as before.
    try {
      for (const line of adoptRunningBuilds({ root, remotes: REMOTES, env: baseEnv, mongoUri }))
        log(`release registry: ${line}`);
    } catch (error) {
      console.warn(`The running builds were not registered as releases: ${error.message}`);
    }

    const urls = {
      shell: `http://localhost:${ports.SHELL_PORT}`,
      api: `http://127.0.0.1:${ports.API_PORT}`,
      ...Object.fromEntries(
        REMOTES.map((r) => [r.dir, `http://localhost:${ports[r.portVariable]}`]),
      ),
    };
    run('api', path.join(root, 'api/dist/server.js'));
    for (const remote of REMOTES) run(remote.dir, path.join(root, remote.dir, 'server.mjs'));
    // The shell reads the live releases from the API for its first page (scripts/lib/live-remotes.mjs):
    // started before the API answers, it would begin on REMOTE_*_URL with a warning that the
    // registry is not readable.
    await Promise.race([waitForHttp(`${urls.api}/api/health`), refused]);
    run('shell', path.join(root, 'shell/server.mjs'));
    await Promise.race([
      Promise.all([
        ...REMOTES.map((r) => waitForHttp(`${urls[r.dir]}/mf-manifest.json`)),
        waitForHttp(`${urls.shell}/config.json`),
      ]),
      refused,
    ]);
    return { urls, ports, processes: children, supervisors, database, databaseUri: mongoUri, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
