// Starts the real app on port 0 against the run's database, in a database of its own that close()
// drops, so test files never see each other's data.
//
// mongoose has one default connection per process and the repositories use it. Vitest runs each test
// file in its own worker, so: one startTestApp() per file (beforeAll), close() in afterAll.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import mongoose from 'mongoose';
import { inject } from 'vitest';
import { createApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { connectDatabase, disconnectDatabase } from '../../src/platform/db';
import { prepareDatabase } from '../../src/migrations';
import { createLogger, type Logger } from '../../src/platform/logger';
import type { RouteModule } from '../../src/dependencies';
import { routeModules } from '../../src/routes';
import type { PaymentProvider } from '../../src/modules/payments/provider';
import { startShopJobs, type JobOptions } from '../../src/jobs';
import type { RunningJobs } from '../../src/jobs/scheduler';

export interface RequestOptions {
  /** An object is sent as JSON; a string is sent as it is (with a JSON content type unless headers say otherwise). */
  body?: unknown;
  headers?: Record<string, string>;
  /** The guest session id sent as x-session-id; null sends none. */
  sessionId?: string | null;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // Answers are checked with expect(), not by the type system.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

export interface TestApp {
  baseUrl: string;
  config: Config;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  /** A browser of its own: a guest session id and a cookie jar (the session cookie after sign-in). */
  agent(options?: { sessionId?: string }): TestAgent;
  /** Stops the app and starts it again on the same database, as a redeploy would (new port). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAgent {
  sessionId: string;
  /** Cookies by name, as the browser would send them. */
  cookies: Map<string, string>;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
}

let agentCount = 0;

/** A fresh guest session id in the browser's format (guest-{timestamp}-{random}). */
export function newGuestSessionId(): string {
  agentCount += 1;
  return `guest-${Date.now()}-${randomBytes(6).toString('hex')}${agentCount}`;
}

export const TEST_SESSION_ID = 'guest-1700000000000-testsession';

export interface TestAppOptions {
  /** Routes mounted under /api after the shop's own, for probing the platform. */
  extraRoutes?: RouteModule[];
  /** To read what the app logs (pino writing to a test stream). */
  logger?: Logger;
  /** Replaces the configured payment provider (to count charges). */
  paymentProvider?: PaymentProvider;
  /** Starts the background jobs (src/jobs) as the server does; close() stops them. */
  jobs?: JobOptions;
}

/**
 * overrides are environment variables, as an operator would set them (ADMIN_SECRET, TAX_RATES, ...).
 * MONGODB_URI among them replaces the run's database (the database is not dropped on close then).
 */
export async function startTestApp(
  overrides: Record<string, string> = {},
  { extraRoutes = [], logger: givenLogger, paymentProvider, jobs: jobOptions }: TestAppOptions = {},
): Promise<TestApp> {
  if (mongoose.connection.readyState !== 0) {
    throw new Error(
      'startTestApp: this test file already has a test app; use one per file (beforeAll/afterAll).',
    );
  }
  const ownDatabase = !overrides.MONGODB_URI;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    MONGODB_URI: `${inject('mongoBaseUri')}test_${randomBytes(6).toString('hex')}`,
    DB_CONNECT_TIMEOUT_MS: '10000',
    ...overrides,
  });
  const logger = givenLogger ?? createLogger(config.logLevel);
  await connectDatabase(config.mongodbUri, { timeoutMs: config.dbConnectTimeoutMs, logger });
  await prepareDatabase(logger);

  async function listen(): Promise<Server> {
    const started: Server = createApp({
      config,
      logger,
      routes: [...routeModules, ...extraRoutes],
      paymentProvider,
    }).listen(0, '127.0.0.1');
    await new Promise<void>((resolve, reject) =>
      started.once('listening', resolve).once('error', reject),
    );
    return started;
  }
  let server = await listen();
  let jobs: RunningJobs | null = jobOptions ? startShopJobs(config, logger, jobOptions) : null;
  const baseUrlOf = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let baseUrl = baseUrlOf();

  async function request(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse> {
    const { body, sessionId = TEST_SESSION_ID } = options;
    const headers: Record<string, string> = {};
    if (sessionId !== null) headers['x-session-id'] = sessionId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: body stays the text
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  function agent({ sessionId = newGuestSessionId() }: { sessionId?: string } = {}): TestAgent {
    const cookies = new Map<string, string>();
    return {
      sessionId,
      cookies,
      async request(method, path, options = {}) {
        const cookieHeader = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
        const response = await request(method, path, {
          sessionId,
          ...options,
          headers: { ...(cookieHeader ? { cookie: cookieHeader } : {}), ...options.headers },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = '', ...attributes] = line.split(';');
          const separator = pair.indexOf('=');
          const name = pair.slice(0, separator).trim();
          const value = pair.slice(separator + 1).trim();
          const expired = attributes.some((attribute) =>
            /^\s*expires=thu, 01 jan 1970/i.test(attribute),
          );
          if (expired || value === '') cookies.delete(name);
          else cookies.set(name, value);
        }
        return response;
      },
    };
  }

  async function stopServer() {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async function restart() {
    await jobs?.stop();
    await stopServer();
    await disconnectDatabase();
    await connectDatabase(config.mongodbUri, { timeoutMs: config.dbConnectTimeoutMs, logger });
    server = await listen();
    baseUrl = baseUrlOf();
    jobs = jobOptions ? startShopJobs(config, logger, jobOptions) : null;
  }

  async function close() {
    await jobs?.stop();
    await stopServer();
    if (ownDatabase) await mongoose.connection.dropDatabase().catch(() => {});
    await disconnectDatabase();
  }

  return {
    get baseUrl() {
      return baseUrl;
    },
    config,
    request,
    agent,
    restart,
    close,
  };
}

/**
 * What mongoose asks of one collection while `run` runs, method by method (the test app serves from
 * this process, so its calls go through this mongoose).
 */
export async function commandsOn(
  collection: string,
  run: () => Promise<unknown>,
): Promise<string[]> {
  const seen: string[] = [];
  mongoose.set('debug', (name: string, method: string) => {
    if (name === collection) seen.push(method);
  });
  try {
    await run();
  } finally {
    mongoose.set('debug', false);
  }
  return seen;
}
