// What the benchmarks (run.mjs, calls.mjs, checkout.mjs, load.mjs, growth.mjs) share: their temporary database,
// the clean-up of what they started (also on Ctrl-C), stopping a child process, the API as
// production runs it, and the shopper's label, details and guest session id they send.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFerret } from '../../scripts/lib/ferretdb.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';

/** The API package's folder (the benchmarks run src/server.ts and bench/server.ts from there). */
export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The arguments that start the API as `npm start` runs it (api/scripts/launch.mjs): the bundle in
 * dist/, built now, with source maps for its stack traces.
 */
export function productionServerArgs() {
  const build = spawnSync(process.execPath, [path.join(apiDir, 'scripts/build.mjs')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('Building the API failed (see above).');
  return ['--enable-source-maps', path.join(apiDir, 'dist/server.js')];
}

/** One 3" x 2" phenolic label, quantity 12, as the configurator adds it to a cart. */
export const label = {
  material: 'phenolic',
  width: 3,
  height: 2,
  color: 'black-white',
  mounting: 'adhesive',
  customText: 'PUMP 1',
  quantity: 12,
  files: [],
};

/** The checkout form's details (Chicago, so IL tax applies). */
export const customerInfo = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '555-0100',
  email: 'ann@example.com',
  company: 'Acme Pumps',
  street: '12 Main St',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60601',
};

const FIRST_NAMES = ['Ann', 'Ben', 'Carla', 'Dev', 'Elena', 'Femi', 'Grace', 'Hiro', 'Ines', 'Jon'];
const LAST_NAMES = [
  'Lee',
  'Novak',
  'Okafor',
  'Patel',
  'Quinn',
  'Rossi',
  'Silva',
  'Tanaka',
  'Ueda',
  'Vance',
];
const MAIL_DOMAINS = ['gmail.com', 'outlook.com', 'acme-pumps.com', 'plant-ops.example'];

/**
 * The checkout form of the n-th of many shoppers, as a shop sees them: names from a short list (so
 * many orders share a first or last name), an email of their
 * own (`alee17@gmail.com`: its first word a new one) at one of a few common domains, the same
 * Chicago address.
 */
export function shopperInfo(n) {
  const firstName = FIRST_NAMES[n % FIRST_NAMES.length];
  const lastName = LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length];
  const domain = MAIL_DOMAINS[n % MAIL_DOMAINS.length];
  const email = `${firstName[0]}${lastName}${n}@${domain}`.toLowerCase();
  return { ...customerInfo, firstName, lastName, email };
}

/** A new guest session id, in the shell's format. */
export const newSessionId = () => `guest-${Date.now()}-${randomBytes(6).toString('hex')}`;

/** What to undo when the benchmark ends, last started first. */
export const cleanups = [];

export async function cleanUp() {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch(() => {});
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanUp();
    process.exit(130);
  });
}

/** Stops a child process (SIGTERM, SIGKILL after 5 s); resolves once it has exited. */
export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * A temporary folder and an embedded FerretDB in it on a free port, both removed by cleanUp().
 * @returns {Promise<{ dataDir: string, ferret: { uri: string, stop(): Promise<void> } }>}
 */
export async function startDatabase(prefix, dbName) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const ferret = await startFerret({
    dataDir: path.join(dataDir, 'db'),
    dbName,
    log: () => {},
  });
  cleanups.push(() => ferret.stop());
  return { dataDir, ferret };
}

/**
 * A shopper's own client address for X-Forwarded-For, as a proxy in front of the API would send it
 * (the API believes one hop): one loopback address for all of them would meet the per-address limits.
 */
export function addressOf(sessionId) {
  let hash = 0;
  for (const char of sessionId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

/**
 * What the API needs to start with production settings, with values only a benchmark uses: its own
 * secrets, sandbox payments allowed, and a mail server where nothing listens (messages stay queued,
 * retried with backoff).
 */
export function productionApiEnv(mongodbUri, uploadDir) {
  return {
    NODE_ENV: 'production',
    MONGODB_URI: mongodbUri,
    SESSION_SECRET: 'bench-session-secret-0123456789-not-for-real-use',
    ADMIN_SECRET: 'bench-admin-secret-9f8e7d6c5b4a3210-not-for-real-use',
    ORDER_LINK_SECRET: 'bench-order-link-secret-5a4b3c2d1e0f-not-for-real-use',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    MAIL_URL: 'smtp://127.0.0.1:9',
    MAIL_FROM: 'Bench <bench@example.com>',
    UPLOAD_DIR: uploadDir,
  };
}

/**
 * The environment of an API process of checkout.mjs and load.mjs: production settings on this port,
 * sandbox payments, Illinois's tax rate for the shoppers' ZIP code.
 */
export function checkoutApiEnv(mongodbUri, uploadDir, port, logLevel) {
  return {
    ...productionApiEnv(mongodbUri, uploadDir),
    LOG_LEVEL: logLevel,
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    PAYMENT_PROVIDER: 'sandbox',
    TAX_RATES: '{"IL":0.0625}',
  };
}

/**
 * A mail server that takes every message and keeps none, in a process of its own (smtp-server, as the
 * mail tests use): with it the API's mail worker sends each message once, as a running shop's does,
 * instead of retrying a server that is not there. `received()`: the messages it has taken so far.
 * Stopped by cleanUp().
 * @returns {Promise<{ url: string, child: import('node:child_process').ChildProcess, received: () => number }>}
 */
export async function startMailSink() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { SMTPServer } from 'smtp-server';
       const server = new SMTPServer({
         authOptional: true,
         disabledCommands: ['STARTTLS', 'AUTH'],
         logger: false,
         onData(stream, _session, done) {
           stream.on('end', () => { process.stdout.write('m'); done(); });
           stream.resume();
         },
       });
       server.listen(${port}, '127.0.0.1', () => console.log('listening'));`,
    ],
    { cwd: apiDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanups.push(() => stopChild(child));
  let received = 0;
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`The mail sink exited (${code}) on start`)));
  });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => (received += chunk.split('m').length - 1));
  return { url: `smtp://127.0.0.1:${port}`, child, received: () => received };
}

/**
 * A TCP forwarder to the database that counts the commands passing through it, by command and
 * collection (the first field of each OP_MSG body, and its value): what a route costs the database
 * in calls, whatever the driver or mongoose make of it. `counts` since the last `reset()`.
 * @returns {Promise<{ uri: string, counts: Map<string, number>, reset(): void }>}
 */
export async function countingProxy(databaseUri) {
  const target = new URL(databaseUri);
  const [host, port] = [target.hostname, Number(target.port)];
  const counts = new Map();
  const server = net.createServer((client) => {
    const database = net.connect(port, host);
    let pending = Buffer.alloc(0);
    client.on('data', (chunk) => {
      database.write(chunk);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      // Each message: int32 length, requestID, responseTo, opCode; OP_MSG (2013): flags, then a
      // kind-0 section whose BSON document's first element names the command and its collection.
      while (pending.length >= 16 && pending.length >= pending.readInt32LE(0)) {
        const length = pending.readInt32LE(0);
        if (pending.readInt32LE(12) === 2013 && pending[20] === 0) {
          const type = pending[25];
          const nameEnd = pending.indexOf(0, 26);
          const command = pending.toString('utf8', 26, nameEnd);
          const collection =
            type === 2
              ? pending.toString(
                  'utf8',
                  nameEnd + 5,
                  nameEnd + 4 + pending.readInt32LE(nameEnd + 1),
                )
              : '';
          const key = `${command} ${collection}`.trim();
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        pending = pending.subarray(length);
      }
    });
    database.on('data', (chunk) => client.write(chunk));
    client.on('close', () => database.destroy());
    database.on('close', () => client.destroy());
    client.on('error', () => {});
    database.on('error', () => {});
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  target.port = String(server.address().port);
  return { uri: target.toString(), counts, reset: () => counts.clear() };
}

/** Processor time a process has used so far, in ms (utime + stime of /proc/{pid}/stat; Linux only). */
export function processorMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticksPerSecond = 100; // USER_HZ on Linux
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** Waits until `url` answers 2xx; fails when `child` exits first or after timeoutMs. */
export async function waitForAnswer(url, child, what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) on start`);
    const answered = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000}s`);
}

/**
 * A browser of the shop: its guest session id and, once signed in, its session cookie. Each call
 * answers its status, its body (parsed when JSON) and how long it took; with `{ strict: true }` an
 * answer of 300 or more throws instead.
 */
export function browser(base, { sessionId = newSessionId(), strict = false } = {}) {
  let cookie = null;
  return {
    async call(method, route, body) {
      const headers = { 'x-session-id': sessionId };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (cookie) headers.cookie = cookie;
      const started = performance.now();
      const response = await fetch(`${base}${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      const setCookie = response.headers.get('set-cookie');
      if (setCookie) cookie = setCookie.split(';')[0];
      if (strict && response.status >= 300)
        throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
      const json = (response.headers.get('content-type') ?? '').includes('json');
      return {
        status: response.status,
        body: text ? (json ? JSON.parse(text) : text) : undefined,
        ms,
      };
    },
  };
}
