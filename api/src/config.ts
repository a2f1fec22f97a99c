// The API's whole configuration: one zod schema over the environment, checked once at start so a bad
// value stops the process with a list of what is wrong instead of failing later in a request.
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SHOP_IDENTITY_DEFAULTS } from '@shop/contracts/shop-identity';

// Both api/src/config.ts and the bundled api/dist/server.js sit two levels below the repository root.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const DEV_SESSION_SECRET = 'dev-session-secret-not-for-production';
const DEV_ADMIN_SECRET = 'dev-admin-secret';
const DEV_ORDER_LINK_SECRET = 'dev-order-link-secret-not-for-production';

const port = z
  .string()
  .regex(/^\d+$/, 'must be a whole number')
  .transform(Number)
  .pipe(z.number().max(65535, 'must be a port number from 0 to 65535'));

/** A Square charge times out after 30 s; a charge is taken for abandoned only well after that. */
const SQUARE_STALE_CHARGE_MIN_MS = 45_000;

const positiveMilliseconds = z
  .string()
  .regex(/^[1-9]\d*$/, 'must be a positive whole number of milliseconds')
  .transform(Number);

const origin = z.string().transform((value, ctx) => {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // reported below
  }
  ctx.addIssue({
    code: 'custom',
    message: `"${value}" is not an http(s) origin such as http://localhost:3000`,
  });
  return z.NEVER;
});

/** A comma-separated list, its items trimmed, empty ones dropped. */
const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const originList = commaList.pipe(z.array(origin).min(1, 'must list at least one origin'));

/** An API_HOST only this machine reaches. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|::1)$/;

/**
 * The addresses whose X-Forwarded-For the API believes (the shell's servers), comma-separated IPs;
 * loopback addresses are always believed.
 */
const addressList = commaList.refine(
  (addresses) => addresses.every((address) => isIP(address) !== 0),
  {
    message: 'must list IP addresses, comma-separated (10.0.0.5,10.0.0.6)',
  },
);

/** Tax rates by region code (US state or Canadian province), as fractions: {"NY": 0.08875, "ON": 0.13}. */
const taxRates = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'must be JSON, for example {"NY":0.08875,"ON":0.13}',
      });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(
      z.string().regex(/^[A-Z]{2}$/, 'region codes are two upper-case letters'),
      z.number().min(0, 'a rate is at least 0').max(1, 'a rate is a fraction, at most 1'),
    ),
  );

/** Production secrets: long enough that guessing is hopeless even without the attempt limits. */
const PRODUCTION_SECRET_MIN_LENGTH = 32;

/**
 * Why a production secret is too weak, or undefined when it will do: at least 32 characters, not a
 * development default, and not a short run repeated (32 x "a", "abcabc..."): at least 12 distinct
 * characters, which any random generator's output has (openssl rand -base64 32).
 */
function weakSecretReason(value: string): string | undefined {
  if (value.length < PRODUCTION_SECRET_MIN_LENGTH)
    return `must be at least ${PRODUCTION_SECRET_MIN_LENGTH} characters in production (for example: openssl rand -base64 32)`;
  if (value === DEV_SESSION_SECRET || value === DEV_ADMIN_SECRET || value === DEV_ORDER_LINK_SECRET)
    return 'is the development default; set a random value in production';
  if (new Set(value).size < 12)
    return 'is too predictable (fewer than 12 distinct characters); use a random value (openssl rand -base64 32)';
  return undefined;
}
/** An IANA zone such as America/New_York: the day a discount code's expiry date means. */
const timeZone = z.string().refine(
  (value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be an IANA time zone such as America/New_York' },
);

const mailUrl = z.string().refine(
  (value) => {
    try {
      return ['smtp:', 'smtps:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  { message: 'must be an SMTP URL such as smtps://user:password@smtp.example.com:465' },
);

/** "Name <address>" or a bare address. */
const mailFrom = z
  .string()
  .regex(
    /^(?:[^<>@\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/,
    'must be an address, optionally with a name: Label Shop <orders@example.com>',
  );

/**
 * A secret, checked once by the rule of where it runs: in production weakSecretReason's, elsewhere a
 * minimum length (a short production secret is one problem, listed with production's length).
 */
function secret(production: boolean, developmentMinLength: number) {
  return z
    .string()
    .superRefine((value, ctx) => {
      const weakness = production
        ? weakSecretReason(value)
        : value.length < developmentMinLength
          ? `must be at least ${developmentMinLength} characters`
          : undefined;
      if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
    })
    .optional();
}

/** The schema for the environment; `production`: NODE_ENV is production (its secrets' rule). */
const envSchema = (production: boolean) =>
  z
    .object({
      NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
      API_PORT: port.default(4000),
      API_HOST: z.string().min(1).default('127.0.0.1'),
      API_TRUSTED_PROXIES: addressList.default([]),
      MONGODB_URI: z
        .string({ error: 'is required (npm start sets it to the embedded database)' })
        .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://'),
      DB_CONNECT_TIMEOUT_MS: positiveMilliseconds.default(30_000),
      SESSION_SECRET: secret(production, 16),
      ADMIN_SECRET: secret(production, 8),
      /** Signs the guest order links (docs/product.md, "Order page"). */
      ORDER_LINK_SECRET: secret(production, 16),
      ALLOWED_ORIGINS: originList.default(['http://localhost:3000', 'http://127.0.0.1:3000']),
      LOG_LEVEL: z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
        .default('info'),
      UPLOAD_DIR: z.string().min(1).default(path.join(repoRoot, '.data/uploads')),
      PAYMENT_PROVIDER: z.enum(['sandbox', 'square']).default('sandbox'),
      /**
       * A payment still charging after this long was abandoned (its process stopped mid-call): another
       * call may take it over, charging under the same idempotency key (payments.ts, claimOrAwait). Longer
       * than the provider's own timeout (Square's 30 s), so a live charge is never taken over.
       */
      PAYMENT_STALE_CHARGE_MS: positiveMilliseconds.default(300_000),
      /**
       * How long a second call to pay one order (a double submit, another tab) waits for the first
       * call's outcome before answering 409 (payments.ts, claimOrAwait).
       */
      PAYMENT_WAIT_FOR_OTHER_CALL_MS: positiveMilliseconds.default(15_000),
      ALLOW_SANDBOX_PAYMENTS: z
        .enum(['true', 'false'], { error: 'must be true or false' })
        .default('false')
        .transform((value) => value === 'true'),
      SQUARE_ACCESS_TOKEN: z.string().optional(),
      SQUARE_APPLICATION_ID: z.string().optional(),
      SQUARE_LOCATION_ID: z.string().optional(),
      SQUARE_BASE_URL: z.url({ error: 'must be a URL' }).optional(),
      TAX_RATES: taxRates.optional(),
      // Who the shop is: the same variables and defaults as the site's (@shop/contracts/shop-identity).
      SHOP_NAME: z.string().min(1).max(100).default(SHOP_IDENTITY_DEFAULTS.name),
      /** The postal address on invoices and in emails (and the site's footer); left off when unset. */
      SHOP_ADDRESS: z.string().min(1).max(300).optional(),
      SHOP_PHONE: z.string().min(1).default(SHOP_IDENTITY_DEFAULTS.phone),
      SHOP_EMAIL: z
        .email({ error: 'must be an email address' })
        .default(SHOP_IDENTITY_DEFAULTS.email),
      SHOP_ORDERS_EMAIL: z.email({ error: 'must be an email address' }).optional(),
      SHOP_TIME_ZONE: timeZone.default('America/New_York'),
      SHOP_URL: z
        .url({
          protocol: /^https?$/,
          error: 'must be an http(s) URL such as https://shop.example.com',
        })
        .default('http://localhost:3000'),
      MAIL_URL: mailUrl.optional(),
      MAIL_FROM: mailFrom.optional(),
    })
    .superRefine((env, ctx) => {
      const require = (name: keyof typeof env, why: string) => {
        if (env[name] === undefined)
          ctx.addIssue({ code: 'custom', path: [name], message: `is required ${why}` });
      };
      if (env.NODE_ENV === 'production') {
        require('SESSION_SECRET', 'in production');
        require('ADMIN_SECRET', 'in production');
        require('ORDER_LINK_SECRET', 'in production');
        if (env.SESSION_SECRET !== undefined && env.SESSION_SECRET === env.ADMIN_SECRET) {
          ctx.addIssue({
            code: 'custom',
            path: ['ADMIN_SECRET'],
            message: 'must differ from SESSION_SECRET',
          });
        }
        if (
          env.ORDER_LINK_SECRET !== undefined &&
          (env.ORDER_LINK_SECRET === env.SESSION_SECRET ||
            env.ORDER_LINK_SECRET === env.ADMIN_SECRET)
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['ORDER_LINK_SECRET'],
            message: 'must differ from SESSION_SECRET and ADMIN_SECRET',
          });
        }
        // The sandbox marks an order paid for a public test card: in production only on purpose.
        if (env.PAYMENT_PROVIDER === 'sandbox' && !env.ALLOW_SANDBOX_PAYMENTS) {
          ctx.addIssue({
            code: 'custom',
            path: ['PAYMENT_PROVIDER'],
            message:
              'is sandbox (test cards, no money moves): set PAYMENT_PROVIDER=square for real payments, or ALLOW_SANDBOX_PAYMENTS=true to run a production build on test cards on purpose',
          });
        }
        require('MAIL_URL', 'in production (an SMTP URL such as smtps://user:pass@smtp.example.com)');
        require('MAIL_FROM', 'in production (the sender, such as "Label Shop <orders@example.com>")');
        // Reachable from other machines, the API must know which of them are the shell's servers:
        // without the list it would count every shopper as the shell's one address.
        if (!LOOPBACK_HOST.test(env.API_HOST) && env.API_TRUSTED_PROXIES.length === 0)
          ctx.addIssue({
            code: 'custom',
            path: ['API_TRUSTED_PROXIES'],
            message: `is required in production when API_HOST is not a loopback address: the addresses of the shell's servers that forward to this API (10.0.0.5,10.0.0.6)`,
          });
      }
      if (env.PAYMENT_PROVIDER === 'square') {
        if (env.PAYMENT_STALE_CHARGE_MS < SQUARE_STALE_CHARGE_MIN_MS)
          ctx.addIssue({
            code: 'custom',
            path: ['PAYMENT_STALE_CHARGE_MS'],
            message: `must be at least ${SQUARE_STALE_CHARGE_MIN_MS} with Square (its calls time out after 30 s)`,
          });
        require('SQUARE_ACCESS_TOKEN', 'when PAYMENT_PROVIDER is square');
        require('SQUARE_APPLICATION_ID', 'when PAYMENT_PROVIDER is square');
        require('SQUARE_LOCATION_ID', 'when PAYMENT_PROVIDER is square');
      }
    })
    .transform((env) => ({
      nodeEnv: env.NODE_ENV,
      isProduction: env.NODE_ENV === 'production',
      port: env.API_PORT,
      host: env.API_HOST,
      /** Besides loopback, the addresses whose X-Forwarded-For is believed (app.ts). */
      trustedProxies: env.API_TRUSTED_PROXIES,
      mongodbUri: env.MONGODB_URI,
      dbConnectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
      sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
      adminSecret: env.ADMIN_SECRET ?? DEV_ADMIN_SECRET,
      /** True when ADMIN_SECRET was not given and the development default is in use (log a warning). */
      adminSecretIsDevDefault: env.ADMIN_SECRET === undefined,
      orderLinkSecret: env.ORDER_LINK_SECRET ?? DEV_ORDER_LINK_SECRET,
      allowedOrigins: env.ALLOWED_ORIGINS,
      logLevel: env.LOG_LEVEL,
      uploadDir: path.resolve(env.UPLOAD_DIR),
      payment: {
        provider: env.PAYMENT_PROVIDER,
        staleChargeMs: env.PAYMENT_STALE_CHARGE_MS,
        waitForOtherCallMs: env.PAYMENT_WAIT_FOR_OTHER_CALL_MS,
        square: {
          accessToken: env.SQUARE_ACCESS_TOKEN,
          applicationId: env.SQUARE_APPLICATION_ID,
          locationId: env.SQUARE_LOCATION_ID,
          baseUrl: env.SQUARE_BASE_URL,
        },
      },
      taxRates: env.TAX_RATES,
      shop: {
        name: env.SHOP_NAME,
        address: env.SHOP_ADDRESS ?? null,
        phone: env.SHOP_PHONE,
        email: env.SHOP_EMAIL,
        ordersEmail: env.SHOP_ORDERS_EMAIL ?? env.SHOP_EMAIL,
        timeZone: env.SHOP_TIME_ZONE,
        url: env.SHOP_URL.replace(/\/+$/, ''),
      },
      mail: {
        /** Unset: messages stay in the outbox collection (read in the admin's Outbox tab). */
        url: env.MAIL_URL ?? null,
        from: env.MAIL_FROM ?? senderOf(env.SHOP_NAME, env.SHOP_EMAIL),
      },
    }));

/** The shop as an email's sender: its name quoted when it holds characters an address reserves. */
function senderOf(name: string, email: string): string {
  return /[",;:<>@()[\]\\]/.test(name)
    ? `"${name.replace(/["\\]/g, '\\$&')}" <${email}>`
    : `${name} <${email}>`;
}

export type Config = z.output<ReturnType<typeof envSchema>>;

/** Thrown by loadConfig; its message lists every bad variable, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable (API_PORT= in a .env file or a shell) means "not set", so its default applies.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema(given.NODE_ENV === 'production').safeParse(given);
  if (result.success) return result.data;
  // Values are not echoed: some of them are secrets.
  throw new ConfigError(
    result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    ),
  );
}
