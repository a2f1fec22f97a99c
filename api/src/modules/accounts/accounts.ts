// Account rules: sign-up, sign-in with its attempt limits, password change; the admin's customers.
import {
  accountMessages,
  adminMessages,
  CUSTOMER_SEARCH_TOO_SHORT,
  readCustomerSearch,
  type AdminCustomerDetail,
  type registerSchema,
  type ShopUser,
} from '@shop/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import { tooManyRequests } from '../../platform/address-limits';
import { attemptLimiter, claimEach, recipientKey } from '../../platform/rate-limit';
import type { AccountTokenPurpose, CustomerRecord } from './model';
import { hashPassword, passwordMatches } from './passwords';
import {
  customerOrdersForAdmin,
  endCustomerCheckouts,
  forgetOrdersCustomer,
  hasOrdersInProgress,
  joinGuestOrders,
  orderedFilesOf,
} from '../orders/orders';
import type { Config } from '../../config';
import {
  accountDeleted,
  emailChanged,
  emailConfirmation,
  passwordReset,
  queueMail,
} from '../mail/mail';
import { checkToken, issueToken, useToken } from './tokens';
import {
  changeCustomerEmail,
  markEmailConfirmed,
  updateProfile,
  type ProfileFields,
  deleteAccountTokensOf,
  deleteCustomerUnlessAdmin,
  findCustomerByEmail,
  findCustomerById,
  insertCustomer,
  listCustomers,
  setPasswordHash,
  toShopUser,
} from './repository';
import { signOutEverywhere, signOutOtherSessions } from './session-store';
import { forgetCustomerCart } from '../cart/cart';
import { forgetCustomerUploads } from '../uploads/uploads';
import { forgetCustomerSheets } from '../asset-tags/asset-tags';
import { isDuplicateKeyError } from '../../platform/db';

// What the admin module uses: a customer made admin, and its client-visible form.
export { customerCursor, grantAdmin, toShopUser } from './repository';
export type { CustomerRecord } from './model';
export { signIn } from './sessions';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/** Guessing the current password through the change-password form: 5 per 15 minutes per account. */
const changePasswordLimit = attemptLimiter('change-password', 5, FIFTEEN_MINUTES_MS);

/**
 * Password reset requests: 5 per 15 minutes for one email from one address (and the per-address limit
 * in platform/address-limits.ts), keyed like sign-in so requests from elsewhere never use up the
 * owner's.
 */
const passwordResetLimit = attemptLimiter('password-reset:email+ip', 5, FIFTEEN_MINUTES_MS);

/**
 * Reset links mailed to one account, from all addresses together: 10 an hour. The per-address limits
 * alone let requests spread over many networks (an IPv6 /48 holds 65,536 of them) mail the owner
 * without end. Past it nothing more is mailed, and the answer stays the same; the owner is not locked
 * out: each link mailed this past hour is in their inbox and still sets a password.
 */
export const resetMailLimit = attemptLimiter('password-reset:email', 10, 60 * 60 * 1000);

/**
 * Reset links mailed to one unconfirmed address (any case), from every account that had it
 * together: 10 an hour. Without it, accounts signed up with a stranger's address one after another
 * (each deleted for the next) would each mail it its own 10. A confirmed address is counted per
 * account only: no one but its owner could have confirmed it, so no stranger's account holds it and
 * its owner is never held back; an owner yet to confirm shares this only in the hour after taking
 * the address, and only with accounts that held it before.
 */
const unconfirmedResetsToAddressLimit = attemptLimiter(
  'password-reset:to-unconfirmed',
  10,
  60 * 60 * 1000,
);

/**
 * Confirmation emails a signed-in customer makes the shop send, by asking again or by changing the
 * email (the new address is theirs to choose, and so is the first name in the message): 3 per 15
 * minutes per account, both together, so an account cannot make the shop mail anyone without end.
 */
const confirmationResendLimit = attemptLimiter('email-confirmation:resend', 3, FIFTEEN_MINUTES_MS);

/**
 * Confirmation emails to one address (any case), from every account and network together: 5 an
 * hour. The per-account and per-network limits alone let accounts made on many networks take turns
 * moving to a stranger's address (or signing up with it and deleting the account) and mail it
 * without end. An email change or a request for the link again past it is a 429 and changes
 * nothing; a sign-up past it makes the account all the same, without mailing its link (the account
 * page asks for one). Once an account holds the address no other can mail it (an email is one
 * account's: a move to it is refused as taken and gives its attempt back), so its owner waits at most
 * the hour after taking it. Password resets count apart (resetMailLimit).
 */
const confirmationsToAddressLimit = attemptLimiter('email-confirmation:to', 5, 60 * 60 * 1000);

/**
 * Takes one of the account's confirmation emails and one of the address's; a 429 past either
 * (nothing taken). Giving it back gives back both.
 */
async function claimConfirmationEmail(customerId: string, email: string) {
  const claimed = await claimEach([
    [confirmationResendLimit, customerId],
    [confirmationsToAddressLimit, recipientKey(email)],
  ]);
  if (!claimed.allowed) {
    if (claimed.refusedBy === confirmationsToAddressLimit)
      throw tooManyRequests(claimed.retryAfterSeconds, 'confirmation emails to this address');
    throw AppError.rateLimited(
      claimed.retryAfterSeconds,
      'Too many confirmation emails. Please try again later.',
    );
  }
  return {
    release: async () => {
      await Promise.all(claimed.claims.map((claim) => claim.release()));
    },
  };
}

type Registration = z.output<typeof registerSchema>;

/** A 409 that names the email field, so the form says it by the field. */
const emailTaken = () =>
  AppError.conflict(accountMessages.emailTaken, [
    { path: 'email', message: accountMessages.emailTaken },
  ]);

/** A new customer account (never an admin); a taken email is a 409. */
export async function registerCustomer(registration: Registration): Promise<CustomerRecord> {
  const { password, ...profile } = registration;
  if (await findCustomerByEmail(profile.email)) throw emailTaken();
  const passwordHash = await hashPassword(password);
  try {
    return await insertCustomer({ ...profile, passwordHash });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index lets one through.
    if (isDuplicateKeyError(error)) throw emailTaken();
    throw error;
  }
}

/** The signed-in customer as the browser sees it, or null when the account no longer exists. */
export async function currentShopUser(customerId: string): Promise<ShopUser | null> {
  const customer = await findCustomerById(customerId);
  return customer ? toShopUser(customer) : null;
}

/**
 * A customer signing in with a confirmed email: the paid guest orders placed with it since it was
 * confirmed (by the customer in another browser, say) join the account, as the confirmation joined
 * those before. The customer as the browser sees it.
 */
export async function signedInShopUser(customerId: string): Promise<ShopUser | null> {
  const customer = await findCustomerById(customerId);
  if (!customer) return null;
  if (customer.emailConfirmedAt) await joinGuestOrders(customerId, customer.email);
  return toShopUser(customer);
}

/**
 * Replaces the password after checking the current one (400 when wrong), and signs out every other
 * session of the customer: whoever knew the old password is out. The password checked is the one
 * replaced: of two changes at once from the same old password (another tab, or whoever else knew
 * it), the second is refused as its current password is wrong by then.
 */
export async function changePassword({
  customerId,
  currentPassword,
  newPassword,
  keepSessionId,
}: {
  customerId: string;
  currentPassword: string;
  newPassword: string;
  keepSessionId: string;
}): Promise<void> {
  const customer = await checkCurrentPassword(
    customerId,
    currentPassword,
    'Too many password change attempts. Please try again later.',
  );
  const replaced = await setPasswordHash(customerId, await hashPassword(newPassword), new Date(), {
    replacing: customer.passwordHash,
  });
  if (!replaced)
    throw AppError.invalidField('currentPassword', accountMessages.currentPasswordWrong);
  await signOutOtherSessions(customerId, keepSessionId);
}

/**
 * The signed-in customer once currentPassword is theirs: a wrong one is a 400, and the guesses count
 * against the change-password limit (429 with tooManyMessage past it).
 */
async function checkCurrentPassword(
  customerId: string,
  currentPassword: string,
  tooManyMessage: string,
): Promise<CustomerRecord> {
  const customer = await findCustomerById(customerId);
  if (!customer) throw AppError.unauthenticated();
  const claim = await changePasswordLimit.claim(customerId);
  if (!claim.allowed) throw AppError.rateLimited(claim.retryAfterSeconds, tooManyMessage);
  if (!(await passwordMatches(currentPassword, customer.passwordHash))) {
    throw AppError.invalidField('currentPassword', accountMessages.currentPasswordWrong);
  }
  await changePasswordLimit.reset(customerId);
  return customer;
}

// --- Emailed links: password reset, email confirmation (docs/product.md section 10) -----------------

/** 429 when this email has been asked for too often from this address; the answer names no account. */
export async function claimPasswordResetRequest(email: string, ip: string): Promise<void> {
  const claim = await passwordResetLimit.claim(`${email}|${ip}`);
  if (!claim.allowed) throw tooManyRequests(claim.retryAfterSeconds, 'password reset requests');
}

/**
 * Emails a reset link when the email has an account (up to resetMailLimit and, for an unconfirmed
 * address, unconfirmedResetsToAddressLimit), and does nothing otherwise. The route answers before
 * calling this, so the answer and its timing say nothing about the email.
 */
export async function sendPasswordReset(email: string, config: Config) {
  const customer = await findCustomerByEmail(email);
  if (!customer) return;
  const limits: Array<[typeof resetMailLimit, string]> = [
    [resetMailLimit, customer._id.toString()],
  ];
  if (!customer.emailConfirmedAt)
    limits.push([unconfirmedResetsToAddressLimit, recipientKey(customer.email)]);
  if (!(await claimEach(limits)).allowed) return;
  await mailAccountLink(customer, 'password-reset', config);
}

/**
 * Whether a reset link may still set a password, without using it (the reset page asks on opening):
 * nothing changes; an unknown, expired, used or void link is the reset's own 400.
 */
export async function checkResetLink(token: string): Promise<void> {
  await checkToken(token, 'password-reset');
}

/**
 * Sets a new password from a reset link (used once), voids the customer's other reset links, and signs
 * out every session of the customer; the route then signs this browser in.
 */
export async function resetPassword(
  { token, newPassword }: { token: string; newPassword: string },
  now = new Date(),
): Promise<CustomerRecord> {
  const { customer } = await useToken(token, 'password-reset', now);
  // Setting it voids the customer's other reset links (tokens.ts checks passwordSetAt).
  await setPasswordHash(customer._id.toString(), await hashPassword(newPassword), now);
  await signOutEverywhere(customer._id.toString());
  return customer;
}

/** Emails the customer a link confirming their current email (its limits taken already). */
async function sendEmailConfirmation(
  customer: Pick<CustomerRecord, '_id' | 'email' | 'firstName'>,
  config: Config,
): Promise<void> {
  await mailAccountLink(customer, 'email-confirmation', config);
}

/**
 * A new account's confirmation link, mailed unless its address has had its confirmation emails this
 * hour (confirmationsToAddressLimit): the account is made either way, and its page asks for the link.
 */
export async function sendSignUpConfirmation(
  customer: Pick<CustomerRecord, '_id' | 'email' | 'firstName'>,
  config: Config,
): Promise<void> {
  if (!(await confirmationsToAddressLimit.claim(recipientKey(customer.email))).allowed) return;
  await sendEmailConfirmation(customer, config);
}

/** Each emailed account link: its message's kind, the shop page it opens, how long it works. */
const ACCOUNT_LINK_MAILS = {
  'password-reset': {
    kind: 'password_reset',
    page: 'reset-password',
    validFor: 'one hour',
    render: passwordReset,
  },
  'email-confirmation': {
    kind: 'email_confirmation',
    page: 'confirm-email',
    validFor: '7 days',
    render: emailConfirmation,
  },
} as const;

/** Issues the customer a link for `purpose` and queues its message, keyed by the token. */
async function mailAccountLink(
  customer: Pick<CustomerRecord, '_id' | 'email' | 'firstName'>,
  purpose: AccountTokenPurpose,
  config: Config,
): Promise<void> {
  const { kind, page, validFor, render } = ACCOUNT_LINK_MAILS[purpose];
  const { token, expiresAt } = await issueToken(customer, purpose);
  const link = `${config.shop.url}/${page}?token=${token}`;
  await queueMail({
    key: `${kind}:${token.slice(0, 16)}`,
    kind,
    to: customer.email,
    rendered: render({ firstName: customer.firstName, link, validFor }, config.shop),
    linkExpiresAt: expiresAt,
  });
}

/** What asking for the confirmation email again answers: sent, or nothing to confirm. */
export const confirmationMessages = {
  linkSent: 'A new confirmation link is on its way.',
  alreadyConfirmed: 'Your email address is already confirmed.',
} as const;

/**
 * A signed-in customer asks for the confirmation email again (limited per account and per address:
 * claimConfirmationEmail). An email confirmed already gets no link, and a 409 saying so: the account
 * page shows the answer's message for a refusal, and "Link on its way" for a success, which would not
 * be true.
 */
export async function resendEmailConfirmation(customerId: string, config: Config): Promise<void> {
  const customer = await findCustomerById(customerId);
  if (!customer) throw AppError.unauthenticated();
  if (customer.emailConfirmedAt) throw AppError.conflict(confirmationMessages.alreadyConfirmed);
  await claimConfirmationEmail(customerId, customer.email);
  await sendEmailConfirmation(customer, config);
}

/**
 * Confirms the email of the link (used once); only then do the paid guest orders placed with that
 * email join the account. How many joined.
 */
export async function confirmEmail(
  token: string,
  signedInAs: string | null,
): Promise<{ customer: CustomerRecord; joinedOrders: number }> {
  const now = new Date();
  // Only the account's holder confirms, signed in to it: the link proves who reads the mailbox, not
  // who made the account, and confirming joins that address's guest orders to it (someone who
  // registered another's email must not get them by the owner's click). Refused, the link still works.
  const checked = await checkToken(token, 'email-confirmation', now);
  if (checked.customer._id.toString() !== signedInAs)
    throw AppError.unauthenticated(accountMessages.confirmationNeedsSignIn);
  const { customer, record } = await useToken(token, 'email-confirmation', now);
  await markEmailConfirmed(customer._id, record.email, now);
  const joinedOrders = await joinGuestOrders(customer._id.toString(), record.email);
  const confirmed = await findCustomerById(customer._id.toString());
  return { customer: confirmed ?? customer, joinedOrders };
}

// --- Profile ---------------------------------------------------------------------------------------

export async function updateCustomerProfile(
  customerId: string,
  profile: ProfileFields,
): Promise<ShopUser> {
  const updated = await updateProfile(customerId, profile);
  if (!updated) throw AppError.unauthenticated();
  return toShopUser(updated);
}

/**
 * Moves the account to another email after checking the current password (the change-password
 * limit counts the guesses); the new email must be free (409) and is unconfirmed until its link is
 * followed. Each move mails a confirmation, so it takes one of the account's confirmation emails and
 * one of the new address's (429 past them, nothing changed or sent), given back when the email turns
 * out to be taken. The address left is told when it was confirmed, the links mailed before are void,
 * and every other session is signed out: whoever moved the account's mail away, its owner hears of it.
 */
export async function changeEmail(
  {
    customerId,
    email,
    currentPassword,
    keepSessionId,
  }: { customerId: string; email: string; currentPassword: string; keepSessionId: string },
  config: Config,
): Promise<ShopUser> {
  const customer = await checkCurrentPassword(
    customerId,
    currentPassword,
    'Too many password attempts. Please try again later.',
  );
  // Nothing to move and nothing mailed: a 200 would have the page say a link went to the address.
  if (email === customer.email) {
    throw AppError.invalidField('email', accountMessages.emailUnchanged);
  }
  const confirmation = await claimConfirmationEmail(customerId, email);
  const moved = await changeCustomerEmail(customer, email);
  if (moved === 'taken' || moved === 'changed') {
    await confirmation.release();
    // Another change of the email came first (another tab): this one would say a link went to an
    // address the account does not hold.
    if (moved === 'changed') throw AppError.conflict(accountMessages.emailChangedMeanwhile);
    throw emailTaken();
  }
  await deleteAccountTokensOf(customerId);
  await signOutOtherSessions(customerId, keepSessionId);
  // Told only to an address the owner confirmed: an unconfirmed one may be a stranger's typo.
  if (customer.emailConfirmedAt) {
    await queueMail({
      key: `email_changed:${customerId}:${moved.updatedAt.getTime()}`,
      kind: 'email_changed',
      to: customer.email,
      rendered: emailChanged({ firstName: customer.firstName, newEmail: email }, config.shop),
    });
  }
  await sendEmailConfirmation(moved, config);
  return toShopUser(moved);
}

// --- Admin ----------------------------------------------------------------------------------------

/**
 * A page of the customers, newest first, those `q` finds when given (readCustomerSearch), and the id
 * to page on from (null after the last page).
 */
export async function adminCustomerList(query: {
  before?: string;
  limit: number;
  q?: string;
}): Promise<{ customers: ShopUser[]; nextBefore: string | null }> {
  const search = query.q?.trim() ? readCustomerSearch(query.q) : undefined;
  if (search?.kind === 'too short') throw AppError.invalidField('q', CUSTOMER_SEARCH_TOO_SHORT);
  const { items, next } = await listCustomers({ ...query, search });
  return { customers: items.map(toShopUser), nextBefore: next };
}

/** A customer with their paid orders, newest first. */
export async function adminCustomerDetail(
  id: string,
  page: { before?: string; limit: number },
): Promise<AdminCustomerDetail> {
  const customer = await findCustomerById(id);
  if (!customer) throw AppError.notFound('Customer not found');
  return { customer: toShopUser(customer), ...(await customerOrdersForAdmin(id, page)) };
}

/**
 * The customer deletes their own account, confirmed with their password (the password limit, as for
 * an email change): refused for an admin, and while a paid order is still to be made or sent (its
 * proof is answered, and its progress read, in the account). Their confirmed address is told.
 */
export async function deleteOwnAccount(
  { customerId, currentPassword }: { customerId: string; currentPassword: string },
  config: Config,
): Promise<void> {
  const customer = await checkCurrentPassword(
    customerId,
    currentPassword,
    'Too many password attempts. Please try again later.',
  );
  if (customer.isAdmin) throw AppError.forbidden(adminMessages.adminNotDeletable);
  if (await hasOrdersInProgress(customerId)) {
    throw AppError.conflict(accountMessages.ordersInProgress);
  }
  await deleteCustomer(customerId);
  if (customer.emailConfirmedAt) {
    await queueMail({
      key: `account_deleted:${customerId}`,
      kind: 'account_deleted',
      to: customer.email,
      rendered: accountDeleted({ firstName: customer.firstName }, config.shop),
    });
  }
}

/**
 * Deletes a customer and what is theirs alone: signed out everywhere, their cart, their checkouts
 * waiting for payment (ended), their emailed links, their upload records and spreadsheets (but the
 * artwork and sheets of their paid orders). Their orders stay with the shop. An admin account is
 * refused and stays.
 */
export async function deleteCustomer(id: string): Promise<void> {
  const outcome = await deleteCustomerUnlessAdmin(id);
  if (outcome === 'admin') throw AppError.forbidden(adminMessages.adminNotDeletable);
  if (outcome === 'missing') throw AppError.notFound('Customer not found');
  await signOutEverywhere(id);
  await forgetCustomerCart(id);
  await endCustomerCheckouts(id);
  await deleteAccountTokensOf(id);
  const ordered = await orderedFilesOf(id);
  await forgetCustomerUploads(id, ordered.artwork);
  await forgetCustomerSheets(id, ordered.sheets);
  await forgetOrdersCustomer(id);
}
