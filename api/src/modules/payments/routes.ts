import { randomBytes } from 'node:crypto';
import { Router, type Request } from 'express';
import { completePaymentSchema } from '@shop/contracts';
import type { AppDependencies } from '../../dependencies';
import { takeAddressAttempt } from '../../platform/address-limits';
import { cartOwner } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import { parseBody } from '../../platform/validate';
import { completePayment, paymentConfig } from './payments';
import {
  SANDBOX_CARD_FRAME_SCRIPT,
  SANDBOX_PAYMENTS_SCRIPT,
  sandboxCardFramePage,
} from './sandbox-browser';
import { sandboxCardSchema, tokenizeSandboxCard } from './sandbox-card';

/**
 * The page that embeds the card frame: an allowed origin, or one on the host the browser asked for
 * (req.host: the shell's X-Forwarded-Host, app.ts 'trust proxy'), as the CSRF check reads it.
 */
function embeddingOrigin(req: Request, allowedOrigins: readonly string[]): string | null {
  const given = req.query.origin;
  if (typeof given !== 'string') return null;
  try {
    const { origin, host } = new URL(given);
    if (origin !== given) return null;
    if (allowedOrigins.includes(origin) || host === req.host) return origin;
  } catch {
    // not a URL
  }
  return null;
}

export function paymentRoutes({ config, logger, paymentProvider }: AppDependencies): Router {
  const router = Router();

  router.get('/payment/config', (_req, res) => {
    res.json(paymentConfig(config));
  });

  router.post('/payment/complete', async (req, res) => {
    const owner = cartOwner(req);
    const input = parseBody(completePaymentSchema, req);
    const takeRetryAttempt = () =>
      takeAddressAttempt('paymentRetry', req, { isProduction: config.isProduction, logger });
    res.json(
      await completePayment({
        owner,
        input,
        provider: paymentProvider,
        logger,
        config,
        takeRetryAttempt,
      }),
    );
  });

  if (config.payment.provider === 'sandbox') {
    router.get('/payment/sandbox/payments.js', (_req, res) => {
      res.type('application/javascript').setHeader('Cache-Control', 'no-cache');
      res.send(SANDBOX_PAYMENTS_SCRIPT);
    });

    router.get('/payment/sandbox/card-frame.js', (_req, res) => {
      res.type('application/javascript').setHeader('Cache-Control', 'no-cache');
      res.send(SANDBOX_CARD_FRAME_SCRIPT);
    });

    // The card fields' page, framed by the checkout. Its own headers replace the API's
    // frame-ancestors 'none': only the shop's pages may frame it, and it runs only its own script.
    router.get('/payment/sandbox/card-frame', (req, res) => {
      const parentOrigin = embeddingOrigin(req, config.allowedOrigins);
      if (!parentOrigin) throw AppError.invalid('The card form may only be embedded by the shop');
      const styleNonce = randomBytes(16).toString('base64');
      res.removeHeader('X-Frame-Options');
      res.setHeader(
        'Content-Security-Policy',
        [
          "default-src 'none'",
          "script-src 'self'",
          `style-src 'nonce-${styleNonce}'`,
          "connect-src 'self'",
          "form-action 'none'",
          "base-uri 'none'",
          `frame-ancestors 'self' ${parentOrigin}`,
        ].join('; '),
      );
      res.type('html').send(sandboxCardFramePage(parentOrigin, styleNonce));
    });

    router.post('/payment/sandbox/tokenize', async (req, res) => {
      const card = parseBody(sandboxCardSchema, req);
      res.status(201).json({ token: await tokenizeSandboxCard(card) });
    });
  }

  return router;
}
