// The Express app without a listening socket: server.ts listens, tests listen on port 0.
import express, { type Express } from 'express';
import type { Config } from './config';
import { routeModules, type RouteModule } from './routes';
import { accountSessions } from './modules/accounts/sessions';
import type { PaymentProvider } from './modules/payments/provider';
import { csrfGuard } from './platform/csrf';
import { errorHandler } from './platform/error-handler';
import { AppError } from './platform/errors';
import { createLogger, type Logger } from './platform/logger';
import { requestContext } from './platform/request-context';
import { securityHeaders } from './platform/security-headers';

export const JSON_BODY_LIMIT = '100kb';

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
  // req.ip and req.secure from X-Forwarded-*: the shell's server (loopback) forwards /api in
  // development; in production one TLS-terminating proxy sits in front (Secure session cookie).
  app.set('trust proxy', config.isProduction ? 1 : 'loopback');

  app.use(requestContext(logger));
  app.use(securityHeaders(config));
  // Before the body parser, so a refused cross-site call is not even read.
  app.use('/api', csrfGuard(config.allowedOrigins));
  // The body parser (raw-body) and multer call next in the request's async context themselves, so the
  // request id survives them; the slow-body test in platform.test.ts holds that line.
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  // Sign-in sessions in the database and passport's req.user (modules/accounts/sessions.ts).
  app.use(accountSessions({ config, logger }));

  const api = express.Router();
  for (const mountRoutes of routes) api.use(mountRoutes({ config, logger, paymentProvider }));
  app.use('/api', api);

  app.use((_req, _res, next) => next(AppError.notFound('Not found')));
  app.use(errorHandler(logger));
  return app;
}
