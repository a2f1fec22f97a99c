import { Router, type Request } from 'express';
import {
  NEXT_BEFORE_HEADER,
  accountMessages,
  adminCustomersQuerySchema,
  orderHistoryQuerySchema,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetLinkQuerySchema,
  resetPasswordSchema,
} from '@shop/contracts';
import type { AppDependencies } from '../../dependencies';
import {
  currentUser,
  guestSessionIdSchema,
  requireAdmin,
  requireUser,
  type SessionUser,
} from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import { idParamsSchema, parseBody, parseParams, parseQuery } from '../../platform/validate';
import { mergeGuestCartIntoCustomer } from '../cart/cart';
import {
  adminCustomerDetail,
  adminCustomerList,
  changeEmail,
  changePassword,
  checkResetLink,
  claimPasswordResetRequest,
  confirmEmail,
  confirmationMessages,
  currentShopUser,
  deleteCustomer,
  deleteOwnAccount,
  registerCustomer,
  resendEmailConfirmation,
  resetPassword,
  sendSignUpConfirmation,
  sendPasswordReset,
  signedInShopUser,
  updateCustomerProfile,
} from './accounts';
import { clientNetwork, limitPerAddress } from '../../platform/address-limits';
import { authenticateLocal, toSessionUser } from './authentication';
import { toShopUser } from './repository';
import { signIn, signOut } from './sessions';

/** Signs the customer in; the guest cart of this browser (x-session-id) becomes theirs. */
async function signInWithGuestCart(req: Request, user: SessionUser) {
  const guest = guestSessionIdSchema.safeParse(req.get('x-session-id'));
  if (guest.success) await mergeGuestCartIntoCustomer(guest.data, user.id);
  await signIn(req, user);
}

export function accountRoutes({ config, logger }: AppDependencies): Router {
  const router = Router();

  const isProduction = config.isProduction;
  const registerLimit = limitPerAddress('register', { isProduction, logger });
  const signInLimit = limitPerAddress('signIn', { isProduction, logger });
  const passwordResetLimit = limitPerAddress('passwordReset', { isProduction, logger });
  const confirmationMailLimit = limitPerAddress('confirmationMail', { isProduction, logger });

  router.post('/auth/register', registerLimit, async (req, res) => {
    const registration = parseBody(registerSchema, req);
    const customer = await registerCustomer(registration);
    await signInWithGuestCart(req, toSessionUser(customer));
    await sendSignUpConfirmation(customer, config);
    res.status(201).json(toShopUser(customer));
  });

  router.post('/auth/login', signInLimit, async (req, res) => {
    // The strategy reads the normalised (trimmed, lower-cased) email from the body.
    req.body = parseBody(loginSchema, req);
    const sessionUser = await authenticateLocal(req, res);
    if (!sessionUser) throw AppError.unauthenticated(accountMessages.invalidCredentials);
    await signInWithGuestCart(req, sessionUser);
    res.json(await signedInShopUser(sessionUser.id));
  });

  router.post('/auth/logout', async (req, res) => {
    await signOut(req, res, config);
    res.status(204).end();
  });

  router.get('/auth/me', async (req, res) => {
    res.json(req.user ? await currentShopUser(req.user.id) : null);
  });

  router.post('/auth/change-password', requireUser, async (req, res) => {
    const { currentPassword, newPassword } = parseBody(changePasswordSchema, req);
    await changePassword({
      customerId: currentUser(req).id,
      currentPassword,
      newPassword,
      keepSessionId: req.sessionID,
    });
    res.json({ success: true, message: 'Password updated' });
  });

  router.post('/auth/forgot-password', passwordResetLimit, async (req, res) => {
    const { email } = parseBody(forgotPasswordSchema, req);
    await claimPasswordResetRequest(email, clientNetwork(req));
    // Answered before the account is looked up: the same answer, as fast, for every email.
    res.status(202).json({ message: accountMessages.resetLinkSent });
    sendPasswordReset(email, config).catch((error: unknown) =>
      logger.error({ err: error }, 'Sending a password reset link failed'),
    );
  });

  // Whether the link may still set a password, asked when the reset page opens: nothing changes,
  // and it counts against the same per-address limit as the reset (a link cannot be probed faster).
  router.get('/auth/reset-password', passwordResetLimit, async (req, res) => {
    const { token } = parseQuery(resetLinkQuerySchema, req);
    await checkResetLink(token);
    res.json({ valid: true });
  });

  router.post('/auth/reset-password', passwordResetLimit, async (req, res) => {
    const input = parseBody(resetPasswordSchema, req);
    const customer = await resetPassword(input);
    await signInWithGuestCart(req, toSessionUser(customer));
    res.json(toShopUser(customer));
  });

  router.post('/auth/confirm-email', async (req, res) => {
    const { token } = parseBody(confirmEmailSchema, req);
    const { customer, joinedOrders } = await confirmEmail(token, req.user?.id ?? null);
    res.json({ user: toShopUser(customer), joinedOrders });
  });

  // --- The signed-in customer's own details (docs/product.md section 10) --------------------------

  router.put('/account/profile', requireUser, async (req, res) => {
    const profile = parseBody(profileSchema, req);
    res.json(await updateCustomerProfile(currentUser(req).id, profile));
  });

  router.post('/account/email', requireUser, confirmationMailLimit, async (req, res) => {
    const { email, currentPassword } = parseBody(changeEmailSchema, req);
    res.json(
      await changeEmail(
        { customerId: currentUser(req).id, email, currentPassword, keepSessionId: req.sessionID },
        config,
      ),
    );
  });

  // The account goes; this browser is signed out with it (every other session went with the account).
  router.post('/account/delete', requireUser, async (req, res) => {
    const { currentPassword } = parseBody(deleteAccountSchema, req);
    await deleteOwnAccount({ customerId: currentUser(req).id, currentPassword }, config);
    await signOut(req, res, config);
    res.status(204).end();
  });

  router.post(
    '/account/confirmation-email',
    requireUser,
    confirmationMailLimit,
    async (req, res) => {
      await resendEmailConfirmation(currentUser(req).id, config);
      res.status(202).json({ message: confirmationMessages.linkSent });
    },
  );

  // --- Admin: the shop's customers (requireAdmin: 401 signed out, 403 not admin) -----------------

  // Paged by key (api/README.md, "Data access"): the body stays the list of customers.
  router.get('/admin/customers', requireAdmin, async (req, res) => {
    const query = parseQuery(adminCustomersQuerySchema, req);
    const { customers, nextBefore } = await adminCustomerList(query);
    if (nextBefore) res.setHeader(NEXT_BEFORE_HEADER, nextBefore);
    res.json(customers);
  });

  router.get('/admin/customers/:id', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const page = parseQuery(orderHistoryQuerySchema, req);
    res.json(await adminCustomerDetail(id, page));
  });

  router.delete('/admin/customers/:id', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    await deleteCustomer(id);
    res.status(204).end();
  });

  return router;
}
