// Sign-in sessions (docs/design.md section 6): express-session with its store in the database
// (session-store.ts), so every API replica shares them and they survive a restart; passport puts the
// signed-in customer on req.user.
//
// - Guests have no session: they are known by x-session-id, so nothing is stored or sent until
//   sign-in (saveUninitialized: false).
// - Idle lifetime 24 h, rolling: every answer to a signed-in call pushes the expiry forward.
// - Absolute lifetime 7 days from sign-in, whatever the activity (signedInAt in the session).
// - The session id is regenerated on sign-in (passport's req.login) and on becoming admin, and the
//   session is deleted on sign-out.
// - A session ends at its expiresAt (platform/expiry.ts deletes it then).
import type { Request, RequestHandler, Response } from 'express';
import { RELEASE_PREVIEW_COOKIE } from '@shop/contracts';
import session from 'express-session';
import type { Config } from '../../config';
import type { SessionUser } from '../../platform/auth-guards';
import { passport } from './authentication';
import { DatabaseSessionStore } from './session-store';

export const SESSION_COOKIE_NAME = 'shop.sid';
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

declare module 'express-session' {
  interface SessionData {
    /** Epoch ms of the sign-in that started this session: the absolute lifetime counts from it. */
    signedInAt: number;
  }
}

function cookieOptions(config: Config): session.CookieOptions {
  return {
    httpOnly: true,
    // express-session sets no SameSite by default; Lax keeps the cookie off cross-site subrequests.
    sameSite: 'lax',
    // Behind TLS in production (app.ts trusts the proxy's X-Forwarded-Proto).
    secure: config.isProduction,
    maxAge: SESSION_IDLE_MS,
    path: '/',
  };
}

/** Signs out sessions older than the absolute lifetime, however active they have been. */
const endSessionsPastAbsoluteLifetime: RequestHandler = (req, _res, next) => {
  const signedInAt = req.session?.signedInAt;
  if (signedInAt === undefined || Date.now() - signedInAt <= SESSION_ABSOLUTE_MS) return next();
  // A new, empty session: the old one is deleted from the store and its cookie no longer works.
  req.session.regenerate((error) => next(error));
};

/** The middleware for sessions and passport: mounted after the body parser, before the routes. */
export function accountSessions({ config }: { config: Config }): RequestHandler[] {
  const store = new DatabaseSessionStore(SESSION_ABSOLUTE_MS);
  return [
    session({
      name: SESSION_COOKIE_NAME,
      secret: config.sessionSecret,
      store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: cookieOptions(config),
    }),
    endSessionsPastAbsoluteLifetime,
    passport.initialize(),
    passport.session(),
  ];
}

/**
 * Starts a signed-in session for user under a new session id (no session fixation), stored with the
 * answer under the customer's id (session-store.ts).
 */
export async function signIn(
  req: Request,
  user: SessionUser,
  { signedInAt = Date.now() }: { signedInAt?: number } = {},
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    req.login(user, (error: unknown) => {
      if (error) return reject(error);
      // Saved with the answer (express-session writes a changed session before the response ends).
      req.session.signedInAt = signedInAt;
      resolve();
    });
  });
}

/**
 * Deletes the session from the store and tells the browser to drop the cookie, and an admin's release
 * preview with it: the browser signed out shows the shop's live releases.
 */
export function signOut(req: Request, res: Response, config: Config): Promise<void> {
  const { httpOnly, sameSite, secure, path } = cookieOptions(config);
  res.clearCookie(SESSION_COOKIE_NAME, { httpOnly, sameSite, secure: secure === true, path });
  res.clearCookie(RELEASE_PREVIEW_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secure === true,
    path: '/',
  });
  if (!req.session) return Promise.resolve();
  return new Promise((resolve, reject) => {
    req.session.destroy((error: unknown) => (error ? reject(error) : resolve()));
  });
}
