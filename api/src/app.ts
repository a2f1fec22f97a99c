// The Express app without a listening socket: server.ts listens, tests listen on port 0.
import express, { type Express } from 'express';
import type { Config } from './config';
import type { RouteModule } from './dependencies';
import { routeModules } from './routes';
import { engravedTextsOf } from './modules/proofs/proofs';
import { accountSessions } from './modules/accounts/sessions';
import { createPaymentProvider } from './modules/payments/payments';
import type { PaymentProvider } from './modules/payments/provider';
import { DEFAULT_TAX_RATES } from './modules/tax/tax';
import { trustsForwarding } from './platform/address-limits';
import { csrfGuard } from './platform/csrf';
import { databaseGate } from './platform/db';
import { errorHandler } from './platform/error-handler';
import { AppError } from './platform/errors';
import { createLogger, type Logger } from './platform/logger';
import { requestContext } from './platform/request-context';
import { securityHeaders } from './platform/security-headers';
import { assertInputDepth } from './platform/validate';

const JSON_BODY_LIMIT = '100kb';

interface AppOptions {
  config: Config;
  logger?: Logger;
  /** The domains' routes; tests may add their own probes. */
  routes?: RouteModule[];
  /** Replaces the configured payment provider (tests count charges with it). */
  paymentProvider?: PaymentProvider;
}

export function createApp({
  config,
  logger = createLogger(config.logLevel),
  routes = routeModules,
  paymentProvider,
}: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // req.ip and req.secure from X-Forwarded-*, believed from the shell alone (trustsForwarding).
  app.set('trust proxy', trustsForwarding(config.trustedProxies));

  app.use(requestContext(logger));
  app.use(securityHeaders(config));
  // Before the body parser, so a refused cross-site call is not even read.
  app.use('/api', csrfGuard(config.allowedOrigins));
  // The database down: 503 at once (platform/db.ts), before anything waits on it.
  app.use('/api', databaseGate());
  // The body parser (raw-body) and multer call next in the request's async context themselves, so the
  // request id survives them; the slow-body test in platform.test.ts holds that line.
  // The size cap bounds the parse (V8's JSON.parse is not recursive); the depth cap runs next, without
  // recursion, so nothing recursive after it (operator-key check, zod, BSON) meets a deep body.
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use((req, _res, next) => {
    assertInputDepth(req.body);
    next();
  });
  // Sign-in sessions in the database and passport's req.user (modules/accounts/sessions.ts).
  app.use(accountSessions({ config }));

  const provider = paymentProvider ?? createPaymentProvider(config);
  if (config.isProduction && config.payment.provider === 'sandbox' && !paymentProvider) {
    logger.warn(
      'PAYMENT_PROVIDER is sandbox in production: orders are paid with test cards and no money moves. Set PAYMENT_PROVIDER=square to take real payments.',
    );
  }
  const api = express.Router();
  const taxRates = config.taxRates ?? DEFAULT_TAX_RATES;
  for (const mountRoutes of routes)
    api.use(
      mountRoutes({
        config,
        logger,
        taxRates,
        paymentProvider: provider,
        engravedTexts: engravedTextsOf,
      }),
    );
  app.use('/api', api);

  app.use((_req, _res, next) => next(AppError.notFound('Not found')));
  app.use(errorHandler(logger));
  return app;
}
