import { Router } from 'express';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../src/config';
import { SHOP_IDENTITY_DEFAULTS } from '@shop/contracts/shop-identity';
import { DATABASE_UNAVAILABLE_MESSAGE, trusted } from '../src/platform/db';
import { AppError } from '../src/platform/errors';
import { createLogger } from '../src/platform/logger';
import { idParamsSchema, parseBody, parseParams } from '../src/platform/validate';
import type { RouteModule } from '../src/dependencies';
import { startTestApp, type TestApp } from './support/test-app';

// Routes that exist only in this test, to drive the platform the way domain routes will.
const probeRoutes: RouteModule = ({ logger }) => {
  const router = Router();
  const echoSchema = z.object({
    name: z.string({ error: 'Name is required' }).min(1, 'Name is required'),
    details: z.record(z.string(), z.unknown()).optional(),
  });
  router.post('/probe/echo', (req, res) => {
    const input = parseBody(echoSchema, req);
    logger.info({ probe: 'echo' }, 'probe handled');
    res.json(input);
  });
  router.get('/probe/items/:id', (req, res) => {
    res.json(parseParams(idParamsSchema, req));
  });
  router.get('/probe/limited', () => {
    throw AppError.rateLimited(42);
  });
  router.get('/probe/bulk-write-lost-its-connection', async () => {
    // What an insertMany throws when the database goes away under it.
    const lost = new mongoose.mongo.MongoNetworkError('connect ECONNREFUSED 127.0.0.1:1');
    throw new mongoose.mongo.MongoBulkWriteError(lost, {} as never);
  });
  router.get('/probe/broken', async () => {
    throw new Error('secret internals at /srv/app.js:12');
  });
  return router;
};

const logLines: Array<Record<string, unknown>> = [];
const logger = createLogger('info', {
  write: (line: string) => void logLines.push(JSON.parse(line)),
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { extraRoutes: [probeRoutes], logger });
});
afterAll(async () => {
  await app?.close();
});

describe('health', () => {
  it('when the database answers, then health is ok', async () => {
    const response = await app.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('answers in the error format', () => {
  it('when an /api route does not exist, then 404 with a JSON message', async () => {
    const response = await app.request('GET', '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.body).toEqual({ message: 'Not found' });
  });

  it('when the JSON body is malformed, then 400 "Malformed JSON body"', async () => {
    const response = await app.request('POST', '/api/probe/echo', { body: '{"name": "Ann",' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Malformed JSON body' });
  });

  it('when a path does not decode or a compressed body does not inflate, then 400 "Malformed request", not a bug', async () => {
    const bugsBefore = logLines.filter((line) => line.msg === 'Unhandled error').length;
    for (const path of [
      '/api/probe/items/%ZZ',
      '/api/orders/%E0%A4%A',
      '/api/admin/customers/%C0%AF',
    ]) {
      const response = await app.request('GET', path);
      expect(response.status, path).toBe(400);
      expect(response.body, path).toEqual({ message: 'Malformed request' });
    }
    const notGzip = await fetch(new URL('/api/probe/echo', app.baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'x-session-id': 's',
      },
      body: '{"name":"Ann"}',
    });
    expect(notGzip.status).toBe(400);
    expect(await notGzip.json()).toEqual({ message: 'Malformed request' });
    expect(logLines.filter((line) => line.msg === 'Unhandled error')).toHaveLength(bugsBefore);
  });

  it('when the body is over 100kb, then 413 with a JSON message', async () => {
    const response = await app.request('POST', '/api/probe/echo', {
      body: { name: 'x'.repeat(110 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Request body is too large' });
  });

  it('when a field is invalid, then 400 naming each bad field', async () => {
    const response = await app.request('POST', '/api/probe/echo', { body: { name: '' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Name is required',
      errors: [{ path: 'name', message: 'Name is required' }],
    });
  });

  it('when the body is missing, then 400 naming the missing fields', async () => {
    const response = await app.request('POST', '/api/probe/echo');
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ path: 'name', message: 'Name is required' }]);
  });

  it('when a body key starts with "$", then 400 and nothing reaches the handler', async () => {
    const response = await app.request('POST', '/api/probe/echo', {
      body: { name: 'Ann', details: { $where: '1' } },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'details.$where', message: 'Field name not allowed' },
    ]);
  });

  it('when an id parameter is not an ObjectId, then 400 (not 500)', async () => {
    const bad = await app.request('GET', '/api/probe/items/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'id', message: 'Invalid id' }]);
    const good = await app.request('GET', '/api/probe/items/64b7f0c2a1b2c3d4e5f60718');
    expect(good.status).toBe(200);
  });

  it('when rate limited, then 429 with Retry-After', async () => {
    const response = await app.request('GET', '/api/probe/limited');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('42');
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('when a handler fails unexpectedly, then 500 with a generic message, logged with the request id', async () => {
    const response = await app.request('GET', '/api/probe/broken', {
      headers: { 'x-request-id': 'req-broken-1' },
    });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ message: 'Internal server error' });
    expect(response.text).not.toContain('secret internals');
    const logged = logLines.find((line) => line.msg === 'Unhandled error');
    expect(logged).toMatchObject({ requestId: 'req-broken-1', level: 'error' });
  });

  it('when a bulk write lost its connection to the database, then 503 as for any unreachable database', async () => {
    const response = await app.request('GET', '/api/probe/bulk-write-lost-its-connection');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(response.headers.get('retry-after')).toBe('2');
  });
});

describe('cross-site request defence', () => {
  it('when a POST has no x-session-id, then 403 "Cross-site request refused"', async () => {
    const response = await app.request('POST', '/api/probe/echo', {
      body: { name: 'Ann' },
      sessionId: null,
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Cross-site request refused' });
  });

  it('when a POST comes from a foreign Origin, then 403', async () => {
    const response = await app.request('POST', '/api/probe/echo', {
      body: { name: 'Ann' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Cross-site request refused' });
  });

  it('when a POST comes from an allowed Origin or has none, then it goes through', async () => {
    const fromShop = await app.request('POST', '/api/probe/echo', {
      body: { name: 'Ann' },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(fromShop.status).toBe(200);
    const fromCurl = await app.request('POST', '/api/probe/echo', { body: { name: 'Ann' } });
    expect(fromCurl.status).toBe(200);
    expect(fromCurl.body).toEqual({ name: 'Ann' });
  });

  it('when a GET has no x-session-id, then it is answered', async () => {
    const response = await app.request('GET', '/api/health', { sessionId: null });
    expect(response.status).toBe(200);
  });
});

describe('request ids and headers', () => {
  it('when the caller sends x-request-id, then the same id is echoed; otherwise one is made', async () => {
    const given = await app.request('GET', '/api/health', {
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const made = await app.request('GET', '/api/health');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when a handler logs after the body is parsed, then the line carries the request id', async () => {
    await app.request('POST', '/api/probe/echo', {
      body: { name: 'Ann' },
      headers: { 'x-request-id': 'req-echo-7' },
    });
    expect(logLines.findLast((line) => line.probe === 'echo')).toMatchObject({
      requestId: 'req-echo-7',
    });
  });

  it('when the body arrives slowly, then lines logged after parsing still carry the request id', async () => {
    const { request } = await import('node:http');
    const url = new URL('/api/probe/echo', app.baseUrl);
    await new Promise<void>((resolve, reject) => {
      const outgoing = request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-session-id': 's',
          'x-request-id': 'req-slow-9',
        },
      });
      outgoing
        .on('response', (response) => response.resume().on('end', resolve))
        .on('error', reject);
      outgoing.write('{"name":');
      setTimeout(() => outgoing.end('"Ann"}'), 100);
    });
    expect(logLines.findLast((line) => line.probe === 'echo')).toMatchObject({
      requestId: 'req-slow-9',
    });
  });

  it('answers carry security headers and no x-powered-by', async () => {
    const response = await app.request('GET', '/api/health');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // An error answer too, whichever part refused the call.
    const missing = await app.request('GET', '/api/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });
});

describe('database rules', () => {
  const Counter = mongoose.model(
    'PlatformProbeCounter',
    new mongoose.Schema({ name: String, timesUsed: Number }),
  );

  it('when a filter value from input carries an operator, then the query is refused, not run', async () => {
    await Counter.create({ name: 'spring', timesUsed: 0 });
    const injected = { $ne: null } as unknown as string;
    await expect(Counter.findOne({ name: injected }).lean()).rejects.toThrow(
      mongoose.Error.CastError,
    );
  });

  it('when the code marks its own guard trusted, then a limited counter stops at its limit', async () => {
    const { _id } = await Counter.create({ name: 'limited', timesUsed: 0 });
    const use = () =>
      Counter.findOneAndUpdate(
        { _id, timesUsed: trusted({ $lt: 2 }) },
        { $inc: { timesUsed: 1 } },
      ).lean();
    expect(await use()).not.toBeNull();
    expect(await use()).not.toBeNull();
    expect(await use()).toBeNull();
    expect((await Counter.findById(_id).lean())?.timesUsed).toBe(2);
  });
});

describe('configuration', () => {
  const minimal = { MONGODB_URI: 'mongodb://127.0.0.1:27017/shop' };

  it('when API_PORT is not a port, then loading fails with a message naming API_PORT', () => {
    expect(() => loadConfig({ ...minimal, API_PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...minimal, API_PORT: 'abc' })).toThrow(
      /API_PORT: must be a whole number/,
    );
    expect(() => loadConfig({ ...minimal, API_PORT: '70000' })).toThrow(
      /API_PORT: must be a port number/,
    );
  });

  it('when several values are bad, then every one is listed', () => {
    const error = (() => {
      try {
        loadConfig({ API_PORT: '-1', ALLOWED_ORIGINS: 'not a url', TAX_RATES: '{oops' });
      } catch (caught) {
        return caught as ConfigError;
      }
    })();
    expect(error?.problems.map((problem) => problem.split(':')[0])).toEqual([
      'API_PORT',
      'MONGODB_URI',
      'ALLOWED_ORIGINS.0',
      'TAX_RATES',
    ]);
  });

  it('when in production without secrets, then loading fails naming both', () => {
    expect(() => loadConfig({ ...minimal, NODE_ENV: 'production' })).toThrow(
      /SESSION_SECRET: is required in production[\s\S]*ADMIN_SECRET/,
    );
  });

  it('when in production without a mail server, then loading fails naming MAIL_URL and MAIL_FROM; outside production the outbox is the default', () => {
    const production = {
      ...minimal,
      NODE_ENV: 'production',
      SESSION_SECRET: 'k3J9x0Qm2Vb7Lr5Tz8Wc1Ny4Hp6Ds0Ga',
      ADMIN_SECRET: 'Zq7Mv2Kx9Rb4Tn1Wp8Ls5Hd3Fg6Jc0Ya',
      ORDER_LINK_SECRET: 'Pw4Ne8Bt1Xs6Qk3Yv9Md2Gh7Lr0Cz5Uf',
      ALLOW_SANDBOX_PAYMENTS: 'true',
    };
    expect(() => loadConfig(production)).toThrow(
      /MAIL_URL: is required in production[\s\S]*MAIL_FROM/,
    );
    expect(() =>
      loadConfig({ ...production, MAIL_URL: 'http://mail.example.com', MAIL_FROM: 'x' }),
    ).toThrow(/MAIL_URL: must be an SMTP URL[\s\S]*MAIL_FROM: must be an address/);
    expect(
      loadConfig({
        ...production,
        MAIL_URL: 'smtps://user:pass@smtp.example.com:465',
        MAIL_FROM: 'Label Shop <orders@example.com>',
      }).mail,
    ).toEqual({
      url: 'smtps://user:pass@smtp.example.com:465',
      from: 'Label Shop <orders@example.com>',
    });
    // Unset, the shop is the one the site shows (@shop/contracts/shop-identity), and so is the sender.
    expect(loadConfig(minimal).shop).toMatchObject({
      name: SHOP_IDENTITY_DEFAULTS.name,
      phone: SHOP_IDENTITY_DEFAULTS.phone,
      email: SHOP_IDENTITY_DEFAULTS.email,
      address: null,
    });
    expect(loadConfig(minimal).mail).toEqual({
      url: null,
      from: 'Engraved Labels <orders@engravedlabels.example>',
    });
    expect(
      loadConfig({ ...minimal, SHOP_NAME: 'Smith, Jones & Co', SHOP_EMAIL: 'a@b.example' }).mail
        .from,
    ).toBe('"Smith, Jones & Co" <a@b.example>');
    expect(() => loadConfig({ ...minimal, SHOP_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /SHOP_TIME_ZONE/,
    );
  });

  it('when nothing optional is set, then development defaults apply and the admin secret is flagged', () => {
    const config = loadConfig(minimal);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 4000,
      host: '127.0.0.1',
      adminSecret: 'dev-admin-secret',
      adminSecretIsDevDefault: true,
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      payment: { provider: 'sandbox' },
    });
    expect(config.uploadDir).toMatch(/\.data\/uploads$/);
  });

  it('when values are given, then they are read and normalized', () => {
    const config = loadConfig({
      ...minimal,
      API_PORT: '4100',
      ALLOWED_ORIGINS: 'https://shop.example/, http://localhost:3000',
      TAX_RATES: '{"NY":0.08875}',
      ADMIN_SECRET: 'a-long-admin-secret',
    });
    expect(config.port).toBe(4100);
    expect(config.allowedOrigins).toEqual(['https://shop.example', 'http://localhost:3000']);
    expect(config.taxRates).toEqual({ NY: 0.08875 });
    expect(config.adminSecretIsDevDefault).toBe(false);
  });

  it('when PAYMENT_PROVIDER is square, then its credentials are required', () => {
    expect(() => loadConfig({ ...minimal, PAYMENT_PROVIDER: 'square' })).toThrow(
      /SQUARE_ACCESS_TOKEN: is required when PAYMENT_PROVIDER is square/,
    );
  });
});
