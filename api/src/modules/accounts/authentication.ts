// passport: the local strategy (email and password, checked by accounts.ts with its rate limit) and
// what a session keeps of the customer. One passport per process; the app mounts it in sessions.ts.
import type { Request, Response } from 'express';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { clientNetwork } from '../../platform/address-limits';
import type { SessionUser } from '../../platform/auth-guards';
import { verifyCredentials } from './credentials';
import type { CustomerRecord } from './model';
import { findCustomerById } from './repository';

export { passport };

export function toSessionUser(customer: CustomerRecord): SessionUser {
  return { id: customer._id.toString(), email: customer.email, isAdmin: customer.isAdmin === true };
}

// The session keeps only the customer's id.
passport.serializeUser<string>((user, done) => done(null, user.id));

// Read fresh from the database on every call, so a granted isAdmin shows at once and a deleted
// customer is signed out (false removes the user from the session).
passport.deserializeUser<string>((id, done) => {
  findCustomerById(id).then(
    (customer) => done(null, customer ? toSessionUser(customer) : false),
    (error: unknown) => done(error),
  );
});

passport.use(
  new LocalStrategy(
    { usernameField: 'email', passwordField: 'password', passReqToCallback: true },
    (req, email, password, done) => {
      verifyCredentials({ email, password, ip: clientNetwork(req) }).then(
        (customer) => done(null, customer ? toSessionUser(customer) : false),
        (error: unknown) => done(error),
      );
    },
  ),
);

/**
 * Runs the local strategy on req.body (email, password): the customer, or null for wrong
 * credentials; a rate limit rejects with its AppError. Signing in is then signIn's job.
 */
export function authenticateLocal(req: Request, res: Response): Promise<SessionUser | null> {
  return new Promise((resolve, reject) => {
    passport.authenticate(
      'local',
      { session: false },
      (error: unknown, user: SessionUser | false | undefined) => {
        if (error) reject(error);
        else resolve(user || null);
      },
    )(req, res, (error: unknown) => reject(error));
  });
}
