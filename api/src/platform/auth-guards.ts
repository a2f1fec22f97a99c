// Who is calling: the guest session (x-session-id) and, when signed in, the customer that passport put
// on req.user. Guards for routes that need a customer or an admin; every admin call is checked here,
// on the server (401 signed out, 403 not admin).
import type { NextFunction, Request, Response } from 'express';
import type {} from 'passport'; // brings passport's req.user and req.login types
import { z } from 'zod';
import { AppError } from './errors';

/** What the session carries about the signed-in customer (passport's deserializeUser sets it). */
export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // passport declares `interface User {}`; this gives it the shop's shape.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}

/** guest-{timestamp}-{random}, as the browser creates it (docs/product.md section 3). */
export const guestSessionIdSchema = z
  .string({ error: 'x-session-id header is required' })
  .regex(/^guest-\d{10,16}-[a-z0-9]{6,64}$/, 'x-session-id header is malformed');

/** The guest session id of the call; a missing or malformed one is a 400. */
function guestSessionId(req: Request): string {
  const parsed = guestSessionIdSchema.safeParse(req.get('x-session-id'));
  if (!parsed.success) {
    throw AppError.invalid(parsed.error.issues[0]?.message ?? 'x-session-id header is malformed', [
      { path: 'x-session-id', message: parsed.error.issues[0]?.message ?? 'malformed' },
    ]);
  }
  return parsed.data;
}

/** Whose cart this is: the guest session, and the customer when signed in. */
export interface CartOwner {
  sessionId: string;
  customerId?: string;
}

export function cartOwner(req: Request): CartOwner {
  const sessionId = guestSessionId(req);
  return req.user ? { sessionId, customerId: req.user.id } : { sessionId };
}

export function currentUser(req: Request): SessionUser {
  if (!req.user) throw AppError.unauthenticated();
  return req.user;
}

export function requireUser(req: Request, _res: Response, next: NextFunction): void {
  if (!req.user) return next(AppError.unauthenticated());
  next();
}

export function requireAdmin(req: Request, _res: Response, next: NextFunction): void {
  if (!req.user) return next(AppError.unauthenticated());
  if (!req.user.isAdmin) return next(AppError.forbidden('Admin access required'));
  next();
}
