// Findings of an attack on the running shop, each held by a test: admin-secret guessing, deeply nested
// JSON, forged client addresses, lockout, per-address flooding, long passwords, production defaults,
// and paying keeping the lines added after the order was placed.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@shop/contracts';
import { ConfigError, loadConfig } from '../src/config';
import { createApp } from '../src/app';
import { trustsForwarding } from '../src/platform/address-limits';
import { createLogger } from '../src/platform/logger';
import { inputTooDeepMessage } from '../src/platform/validate';
import {
  PASSWORD,
  addToCart,
  customerInfo,
  label,
  pay,
  placeOrder,
  register,
  uniqueEmail,
} from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

const SECRET = 'a-test-admin-secret-that-is-long-enough';
const logLines: Array<Record<string, unknown>> = [];
const logger = createLogger('info', {
  write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>),
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ADMIN_SECRET: SECRET }, { logger });
});
afterAll(async () => {
  await app?.close();
});

/** A distinct documentation address (RFC 5737) per call, as if from another machine. */
let addressCount = 0;
function freshAddress(): string {
  addressCount += 1;
  return `198.18.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
}

async function registerFrom(address: string): Promise<TestAgent> {
  const agent = app.agent();
  const response = await agent.request('POST', '/api/auth/register', {
    headers: { 'x-forwarded-for': address },
    body: { email: uniqueEmail('guesser'), password: PASSWORD, firstName: 'G', lastName: 'U' },
  });
  expect(response.status, response.text).toBe(201);
  return agent;
}

function guessSecret(agent: TestAgent, address: string, secret = 'wrong-guess') {
  return agent.request('POST', '/api/admin/make-admin', {
    headers: { 'x-forwarded-for': address, authorization: `Bearer ${secret}` },
    body: { secret },
  });
}

describe('deeply nested JSON', () => {
  const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
  const deepArray = `{"items":${'['.repeat(20000)}${']'.repeat(20000)}}`;
  const jsonRoutes = [
    '/api/calculate-price',
    '/api/cart',
    '/api/cart/session',
    '/api/discount-codes/apply',
    '/api/shipping-estimate',
    '/api/contact',
    '/api/auth/register',
    '/api/auth/login',
    '/api/orders',
    '/api/payment/complete',
    '/api/admin/make-admin',
  ];

  it.each(jsonRoutes)(
    'POST %s answers 400 in the error format, not a stack overflow',
    async (path) => {
      for (const body of [deepObject, deepArray]) {
        const response = await app.request('POST', path, { body });
        expect(response.status, response.text).toBe(400);
        expect(response.body).toEqual({ message: inputTooDeepMessage });
      }
    },
  );

  it('a body nested up to the cap still reaches the route', async () => {
    const response = await app.request('POST', '/api/calculate-price', {
      body: { ...label(), extra: JSON.parse(`${'{"a":'.repeat(30)}1${'}'.repeat(30)}`) },
    });
    expect(response.status, response.text).toBe(200);
  });
});

describe('admin secret guessing', () => {
  it('fresh accounts from one address get 10 guesses in all, then 429 and an alert in the log', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let account = 0; account < 4; account++) {
      const agent = await registerFrom(freshAddress());
      for (let guess = 0; guess < 3; guess++) {
        statuses.push((await guessSecret(agent, address)).status);
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 403));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(logLines).toContainEqual(
      expect.objectContaining({ alert: 'admin-secret-guessing', limit: 'address', ip: address }),
    );
  });

  it('guesses spread over many addresses are told to the operator past 30 per 15 minutes, and the right secret still works: nobody can lock the owner out', async () => {
    const statuses: number[] = [];
    for (let account = 0; account < 11; account++) {
      const address = freshAddress();
      const agent = await registerFrom(address);
      for (let guess = 0; guess < 3; guess++) {
        statuses.push((await guessSecret(agent, address)).status);
      }
    }
    // Each account's 3 guesses are refused as wrong; none is refused for the others' guesses.
    expect(statuses).toEqual(Array.from({ length: 33 }, () => 403));
    expect(logLines).toContainEqual(
      expect.objectContaining({ alert: 'admin-secret-guessing', limit: 'global' }),
    );
    const owner = await registerFrom(freshAddress());
    expect((await guessSecret(owner, freshAddress(), SECRET)).status).toBe(200);
  });
});

describe('client addresses through the shell', () => {
  let shell: Server;
  let shellUrl: string;
  beforeAll(async () => {
    // The shell's forwarding server, exactly as shell/server.mjs sets it up in front of the API.
    const modulePath = new URL('../../scripts/lib/static-server.mjs', import.meta.url).href;
    const { createStaticServer } = (await import(modulePath)) as {
      createStaticServer(options: { root: string; forward: Record<string, string> }): Server;
    };
    shell = createStaticServer({ root: '/nonexistent', forward: { '/api': app.baseUrl } });
    await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', resolve));
    shellUrl = `http://127.0.0.1:${(shell.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => shell.close(() => resolve())));

  it('a forged X-Forwarded-For does not give a fresh address: the 6th wrong password is 429', async () => {
    const email = uniqueEmail('forged');
    await register(app.agent(), { email });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await fetch(`${shellUrl}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-session-id': 'guest-1700000000000-forged',
          'x-forwarded-for': `203.0.113.${attempt + 1}`,
        },
        body: JSON.stringify({ email, password: 'wrong' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("a caller reaching the API from another machine cannot name its address: only this machine's and API_TRUSTED_PROXIES' X-Forwarded-For count, in production too", () => {
    const trust = trustsForwarding(['10.0.0.5']);
    expect(trust('10.0.0.5', 0)).toBe(true);
    expect(trust('::ffff:10.0.0.5', 0)).toBe(true);
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('::1', 0)).toBe(true);
    // A direct caller on the network, and the entries a client wrote before the shell's.
    expect(trust('10.0.0.7', 0)).toBe(false);
    expect(trust('203.0.113.9', 0)).toBe(false);
    expect(trust('10.0.0.5', 1)).toBe(false);
    const production = loadConfig({
      MONGODB_URI: 'mongodb://127.0.0.1:27017/shop',
      NODE_ENV: 'production',
      SESSION_SECRET: 'k3J9x0Qm2Vb7Lr5Tz8Wc1Ny4Hp6Ds0Ga',
      ADMIN_SECRET: 'Zq7Mv2Kx9Rb4Tn1Wp8Ls5Hd3Fg6Jc0Ya',
      ORDER_LINK_SECRET: 'Pw4Ne8Bt1Xs6Qk3Yv9Md2Gh7Lr0Cz5Uf',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      MAIL_URL: 'smtps://shop:password@smtp.example.com:465',
      MAIL_FROM: 'Label Shop <orders@example.com>',
    });
    const trustSet = createApp({ config: production, logger }).get('trust proxy') as (
      address: string,
      hop: number,
    ) => boolean;
    expect(trustSet('10.0.0.7', 0)).toBe(false);
    expect(trustSet('127.0.0.1', 0)).toBe(true);
  });

  it("a write from the shell's own pages is let through on any port or host, ALLOWED_ORIGINS unset; another site's is refused", async () => {
    const contact = (origin: string) =>
      fetch(`${shellUrl}/api/contact`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-session-id': 'guest-1700000000000-ownpage',
          origin,
        },
        body: JSON.stringify({
          name: 'Own page',
          email: 'own-page@example.com',
          message: 'Do you make brass labels?',
        }),
      });
    expect(app.config.allowedOrigins).not.toContain(shellUrl);
    expect((await contact(shellUrl)).status).toBe(201);
    const refused = await contact('https://elsewhere.example');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Cross-site request refused' });
  });
});

describe('per-address limits', () => {
  it('sign-ups: 10 per 15 minutes from one address, then 429 with Retry-After', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await app.request('POST', '/api/auth/register', {
        headers: { 'x-forwarded-for': address },
        // Invalid on purpose (no bcrypt): a refused sign-up still counts.
        body: { email: `not-an-email-${attempt}`, password: PASSWORD },
      });
      statuses.push(response.status);
      if (response.status === 429)
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 400), 429]);
    const taken = await app.request('POST', '/api/auth/register', {
      headers: { 'x-forwarded-for': freshAddress() },
      body: { email: 'not-an-email', password: PASSWORD },
    });
    expect(taken.status).toBe(400);
  });

  it.each([
    ['contact messages', '/api/contact', 5, {}],
    ['discount-code checks', '/api/discount-codes/apply', 30, { code: 'GUESS', subtotal: 10 }],
    ['discount codes applied to the cart', '/api/cart/session', 30, { discountCode: 'GUESS' }],
    ['unpaid orders', '/api/orders', 20, { customerInfo: customerInfo() }],
  ] as const)('%s: %s per 15 minutes from one address', async (_what, path, limit, body) => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= limit; attempt++) {
      const response = await app.request('POST', path, {
        headers: { 'x-forwarded-for': address },
        body,
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, limit).every((status) => status !== 429)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it('an IPv6 address counts as its /64: the 6th contact message from another address of the network is 429; another network is not', async () => {
    const within = (host: string) => `2001:db8:77:1${host}`;
    const statuses: number[] = [];
    for (const host of ['::1', '::2', ':0:aa::3', '::ffff:1:4', ':0:0:0:5', '::6']) {
      const response = await app.request('POST', '/api/contact', {
        headers: { 'x-forwarded-for': within(host) },
        body: {},
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const elsewhere = await app.request('POST', '/api/contact', {
      headers: { 'x-forwarded-for': '2001:db8:77:2::1' },
      body: {},
    });
    expect(elsewhere.status).toBe(400);
  });

  it('uploads: 30 per 15 minutes from one address', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= 30; attempt++) {
      const form = new FormData();
      form.append('files', new Blob(['plain text']), 'note.txt');
      const response = await fetch(`${app.baseUrl}/api/upload`, {
        method: 'POST',
        headers: { 'x-session-id': 'guest-1700000000000-uploader', 'x-forwarded-for': address },
        body: form,
      });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('passwords over 72 bytes', () => {
  // bcrypt reads 72 bytes: these two would have been the same password.
  const long = 'x'.repeat(72);

  it('are refused at sign-up with a clear message, never cut short', async () => {
    const response = await app.request('POST', '/api/auth/register', {
      body: { email: uniqueEmail('long'), password: `${long}A`, firstName: 'L', lastName: 'P' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({
      path: 'password',
      message: accountMessages.passwordTooLong,
    });
  });

  it('count bytes, not letters: 37 accented letters are 74 bytes and refused', async () => {
    const response = await app.request('POST', '/api/auth/register', {
      body: {
        email: uniqueEmail('accent'),
        password: 'é'.repeat(37),
        firstName: 'L',
        lastName: 'P',
      },
    });
    expect(response.status).toBe(400);
  });

  it('a 72-byte password works, and one with a different ending after it does not sign in', async () => {
    const email = uniqueEmail('exact');
    await register(app.agent(), { email, password: long });
    const signIn = (password: string) =>
      app.agent().request('POST', '/api/auth/login', { body: { email, password } });
    expect((await signIn(long)).status).toBe(200);
    expect((await signIn(`${long}different`)).status).not.toBe(200);
  });
});

describe('paying an order', () => {
  it('keeps the cart lines added after the order was placed', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const order = await placeOrder(agent);
    await addToCart(agent, { customText: 'Added after ordering' });
    expect((await pay(agent, order.orderId)).status).toBe(200);
    const cart = await agent.request('GET', '/api/cart');
    expect(cart.body.items).toHaveLength(1);
    expect(cart.body.items[0].productConfig.customText).toBe('Added after ordering');
  });
});

describe('production defaults', () => {
  const production = {
    MONGODB_URI: 'mongodb://127.0.0.1:27017/shop',
    NODE_ENV: 'production',
    SESSION_SECRET: 'k3J9x0Qm2Vb7Lr5Tz8Wc1Ny4Hp6Ds0Ga',
    ADMIN_SECRET: 'Zq7Mv2Kx9Rb4Tn1Wp8Ls5Hd3Fg6Jc0Ya',
    ORDER_LINK_SECRET: 'Pw4Ne8Bt1Xs6Qk3Yv9Md2Gh7Lr0Cz5Uf',
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    MAIL_URL: 'smtps://shop:password@smtp.example.com:465',
    MAIL_FROM: 'Label Shop <orders@example.com>',
  };

  it('starts with two random 32-character secrets and the sandbox explicitly allowed', () => {
    expect(loadConfig(production).payment).toMatchObject({ provider: 'sandbox' });
  });

  it.each([
    ['8 characters', 'abcd1234', /ADMIN_SECRET: must be at least 32 characters/],
    ['a repeated run', 'abab'.repeat(10), /ADMIN_SECRET: is too predictable/],
    ['the development default', 'dev-admin-secret', /ADMIN_SECRET: must be at least 32/],
    ['the session secret', production.SESSION_SECRET, /ADMIN_SECRET: must differ/],
  ])('refuses an admin secret that is %s', (_what, secret, problem) => {
    expect(() => loadConfig({ ...production, ADMIN_SECRET: secret })).toThrow(problem);
  });

  it('refuses a short session secret', () => {
    expect(() => loadConfig({ ...production, SESSION_SECRET: 'only-sixteen-chr' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
  });

  it('lists a short secret once, with the length production needs', () => {
    const problems = (() => {
      try {
        loadConfig({ ...production, SESSION_SECRET: 'short', ADMIN_SECRET: 'abcd1234' });
      } catch (caught) {
        return (caught as ConfigError).problems;
      }
    })();
    expect(problems).toEqual([
      'SESSION_SECRET: must be at least 32 characters in production (for example: openssl rand -base64 32)',
      'ADMIN_SECRET: must be at least 32 characters in production (for example: openssl rand -base64 32)',
    ]);
    // Outside production the shorter rule, also once; and still listed beside another field's problem.
    expect(() =>
      loadConfig({ API_PORT: 'x', SESSION_SECRET: 'short', ADMIN_SECRET: 'abc' }),
    ).toThrow(
      /API_PORT: must be a whole number\n[\s\S]*SESSION_SECRET: must be at least 16 characters\n {2}- ADMIN_SECRET: must be at least 8 characters$/,
    );
  });

  it('refuses to start on the sandbox payment provider unless ALLOW_SANDBOX_PAYMENTS=true', () => {
    const { ALLOW_SANDBOX_PAYMENTS: _allowed, ...withoutAllow } = production;
    expect(() => loadConfig(withoutAllow)).toThrow(/PAYMENT_PROVIDER: is sandbox/);
    expect(() => loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS: 'false' })).toThrow(
      /PAYMENT_PROVIDER: is sandbox/,
    );
  });

  it('an API other machines reach (API_HOST not loopback) must name the shell servers it believes', () => {
    expect(() => loadConfig({ ...production, API_HOST: '0.0.0.0' })).toThrow(
      /API_TRUSTED_PROXIES: is required in production when API_HOST is not a loopback address/,
    );
    expect(() =>
      loadConfig({ ...production, API_HOST: '0.0.0.0', API_TRUSTED_PROXIES: 'shell.local' }),
    ).toThrow(/API_TRUSTED_PROXIES: must list IP addresses/);
    const listed = { ...production, API_HOST: '0.0.0.0', API_TRUSTED_PROXIES: '10.0.0.5, ::1' };
    expect(loadConfig(listed).trustedProxies).toEqual(['10.0.0.5', '::1']);
    expect(loadConfig({ ...production, API_HOST: 'localhost' }).trustedProxies).toEqual([]);
  });

  it('development keeps its defaults (no secrets, sandbox)', () => {
    expect(loadConfig({ MONGODB_URI: production.MONGODB_URI }).payment.provider).toBe('sandbox');
  });
});
