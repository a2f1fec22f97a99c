// Per-address limits on calls that cost the shop something or let a visitor guess: sign-ups, contact
// messages, confirmation emails, discount-code checks, uploads, spreadsheet checks, new unpaid
// orders, payments again after a decline, version reports and order lookups. Counted in the
// database (rate-limit.ts), so they hold across replicas.
//
// The address is req.ip, which the app reads from its one trusted proxy hop (app.ts), so a forged
// X-Forwarded-For does not give a fresh address; an IPv6 address counts as its /64 (networkOf).
// Outside production, calls from this machine itself (development, the test suites, the benchmarks)
// are not limited; tests give other addresses.
import { isIPv6 } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { AppError } from './errors';
import type { Logger } from './logger';
import { attemptLimiter } from './rate-limit';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

export function isLoopback(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

/**
 * Express's `trust proxy`: X-Forwarded-* are believed from exactly one hop, the shell's forwarding
 * server, which replaces X-Forwarded-For with the address it saw (scripts/lib/static-server.mjs).
 * That hop must be on this machine or one of `trustedProxies` (API_TRUSTED_PROXIES): a client's own
 * X-Forwarded-For never counts, so per-address limits cannot be dodged with a forged header, even by
 * a caller that reaches the API directly.
 */
export function trustsForwarding(trustedProxies: readonly string[]) {
  const trusted = new Set(trustedProxies);
  return (address: string, hop: number): boolean =>
    hop === 0 && (isLoopback(address) || trusted.has(address.replace(/^::ffff:(?=\d+\.)/i, '')));
}

/**
 * What a limit counts an address as: an IPv4 address itself (an IPv4-mapped one as IPv4), an IPv6
 * address its /64 network, the usual grant to one subscriber, who would otherwise have 2^64
 * addresses to spread attempts over.
 */
function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return address;
  const [head = '', tail] = bare.split('::');
  const groupsOf = (part: string) => (part ? part.split(':') : []);
  // An IPv4 tail stands for two groups; only the first four groups are kept.
  const tailGroups =
    tail === undefined ? [] : groupsOf(tail).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const headGroups = groupsOf(head);
  const zeros = Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  const groups = tail === undefined ? headGroups : [...headGroups, ...zeros, ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** The caller's address as limits count it (networkOf). */
export function clientNetwork(req: Request): string {
  return networkOf(clientAddress(req));
}

/** The address a per-address limit counts for, or undefined when the call is not limited. */
export function limitedAddress(req: Request, isProduction: boolean): string | undefined {
  const address = clientAddress(req);
  return !isProduction && isLoopback(address) ? undefined : networkOf(address);
}

/** The 429 of a limit: "Too many {what}. Please try again in N minutes" (at least one, rounded up). */
export function tooManyRequests(retryAfterSeconds: number, what: string): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return AppError.rateLimited(
    retryAfterSeconds,
    `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

const perFifteenMinutes = (name: string, limit: number, what: string) => ({
  limiter: attemptLimiter(`address:${name}`, limit, FIFTEEN_MINUTES_MS),
  /** What the 429 says there were too many of. */
  what,
});

/** The limits, each per address per 15 minutes; generous for a shopper, tight for a script. */
export const addressLimits = {
  register: perFifteenMinutes('register', 10, 'sign-ups'),
  signIn: perFifteenMinutes('sign-in', 50, 'sign-in attempts'),
  passwordReset: perFifteenMinutes('password-reset', 20, 'password reset requests'),
  contact: perFifteenMinutes('contact', 5, 'messages'),
  discountCheck: perFifteenMinutes('discount-check', 30, 'discount code checks'),
  upload: perFifteenMinutes('upload', 30, 'uploads'),
  sheetCheck: perFifteenMinutes('sheet-check', 300, 'spreadsheet checks'),
  order: perFifteenMinutes('order', 20, 'orders'),
  skewReport: perFifteenMinutes('skew-report', 20, 'version reports'),
  orderLookup: perFifteenMinutes('order-lookup', 10, 'order lookups'),
  // Paying again for an order whose card was declined (payments.ts): what a card tester repeats.
  paymentRetry: perFifteenMinutes('payment-retry', 10, 'payment attempts'),
  // Changing the email or asking for its link again: each mails an address the caller chose, so
  // many accounts from one address (sign-ups allow 10) cannot add up their per-account limits.
  confirmationMail: perFifteenMinutes('confirmation-mail', 10, 'confirmation emails'),
};

/** Takes one attempt from the address's limit; the 429 with Retry-After past it. */
async function takeAttempt(
  name: keyof typeof addressLimits,
  address: string,
  logger: Logger,
): Promise<void> {
  const { limiter, what } = addressLimits[name];
  const claim = await limiter.claim(address);
  if (claim.allowed) return;
  logger.warn({ limit: name, ip: address }, 'Per-address limit reached');
  throw tooManyRequests(claim.retryAfterSeconds, `${what} from your network`);
}

/**
 * Takes one attempt from the address's limit for a call whose use case decides whether it counts
 * (the middlewares below count every call); the 429 with Retry-After past it.
 */
export async function takeAddressAttempt(
  name: keyof typeof addressLimits,
  req: Request,
  { isProduction, logger }: { isProduction: boolean; logger: Logger },
): Promise<void> {
  const address = limitedAddress(req, isProduction);
  if (address !== undefined) await takeAttempt(name, address, logger);
}

/**
 * Middleware taking one attempt from the address's limit before the route runs; 429 with
 * Retry-After past it. `when` leaves calls that cannot be used to guess or flood uncounted.
 */
export function limitPerAddress(
  name: keyof typeof addressLimits,
  { isProduction, logger }: { isProduction: boolean; logger: Logger },
  when: (req: Request) => boolean = () => true,
): RequestHandler {
  return async (req, _res, next) => {
    if (when(req)) await takeAddressAttempt(name, req, { isProduction, logger });
    next();
  };
}

/**
 * The same limit for a route that reads before it writes: `reading` (which must write nothing, as
 * it runs whatever the limit answers) runs while the attempt is taken, a round trip less than
 * taking it first. The 429 wins over anything `reading` answered; otherwise its answer or error.
 */
export function limitPerAddressWhileReading(
  name: keyof typeof addressLimits,
  { isProduction, logger }: { isProduction: boolean; logger: Logger },
) {
  return async <T>(req: Request, reading: () => Promise<T>): Promise<T> => {
    const address = limitedAddress(req, isProduction);
    if (address === undefined) return reading();
    const [taken, read] = await Promise.allSettled([
      takeAttempt(name, address, logger),
      Promise.resolve().then(reading),
    ]);
    if (taken.status === 'rejected') throw taken.reason;
    if (read.status === 'rejected') throw read.reason;
    return read.value;
  };
}
