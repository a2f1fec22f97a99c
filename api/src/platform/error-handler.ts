// The one place where errors become HTTP answers: { message, errors?: [{ path, message }] } for every
// non-2xx status (docs/design.md section 7). Bad input is never a 500 and no answer carries a stack trace.
import type { ErrorRequestHandler } from 'express';
import mongoose from 'mongoose';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '@shop/contracts';
import { AppError, type FieldError } from './errors';
import type { Logger } from './logger';
import { DATABASE_UNAVAILABLE_MESSAGE, isDuplicateKeyError } from './db';

interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
  retryAfterSeconds?: number;
}

function fromZod(error: ZodError): ErrorAnswer {
  const errors: FieldError[] = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  // The messages already name their field (the contracts' wording), so the summary joins them as they are.
  const message = [...new Set(errors.map((item) => item.message))].join('; ') || 'Invalid input';
  return { status: 400, body: { message, errors } };
}

/**
 * A 4xx of Express's own parts (http-errors): the body parser's (carrying a `type`), the router's for
 * a path it cannot decode (`/api/orders/%ZZ`), a compressed body that does not inflate. Their status
 * is right; the text is ours.
 */
interface ClientHttpError {
  status: number;
  type?: unknown;
  expose?: unknown;
}

function fromClientHttpError(error: ClientHttpError): ErrorAnswer {
  const messages: Record<string, string> = {
    'entity.parse.failed': 'Malformed JSON body',
    'entity.too.large': 'Request body is too large',
    'encoding.unsupported': 'Unsupported request body encoding',
    'charset.unsupported': 'Unsupported request body charset',
  };
  const byType = typeof error.type === 'string' ? messages[error.type] : undefined;
  const fallback =
    typeof error.type === 'string' ? 'Could not read the request body' : 'Malformed request';
  return { status: error.status, body: { message: byType ?? fallback } };
}

function isClientHttpError(error: unknown): error is ClientHttpError {
  if (typeof error !== 'object' || error === null) return false;
  const { type, status, expose } = error as { type?: unknown; status?: unknown; expose?: unknown };
  return (
    (typeof type === 'string' || expose === true || error instanceof URIError) &&
    typeof status === 'number' &&
    status >= 400 &&
    status < 500
  );
}

function isDatabaseUnavailable(error: unknown): boolean {
  // An insertMany or bulkWrite that lost its connection throws a bulk write error with the network
  // error inside it.
  if (error instanceof mongoose.mongo.MongoBulkWriteError)
    return isDatabaseUnavailable(error.errorResponse);
  return (
    error instanceof mongoose.mongo.MongoNetworkError ||
    error instanceof mongoose.mongo.MongoServerSelectionError ||
    error instanceof mongoose.Error.MongooseServerSelectionError ||
    // mongoose's command buffer gave up waiting for a connection ("buffering timed out")
    (error instanceof mongoose.Error && /buffering timed out/.test(error.message))
  );
}

/** Maps what it knows; undefined means an unexpected error (a bug): 500. */
function toErrorAnswer(error: unknown): ErrorAnswer | undefined {
  if (error instanceof AppError) {
    const body: ApiErrorBody = { message: error.message };
    if (error.errors?.length) body.errors = error.errors;
    return { status: error.status, body, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (error instanceof ZodError) return fromZod(error);
  if (isClientHttpError(error)) return fromClientHttpError(error);
  // A value mongoose could not cast (an id that slipped past validation) is still the caller's bad input.
  if (error instanceof mongoose.Error.CastError) {
    return {
      status: 400,
      body: {
        message: `Invalid ${error.path}`,
        errors: [{ path: error.path, message: 'Invalid value' }],
      },
    };
  }
  if (error instanceof mongoose.Error.ValidationError) {
    const errors = Object.values(error.errors).map((item) => ({
      path: item.path,
      message: item.message,
    }));
    return { status: 400, body: { message: 'Invalid input', errors } };
  }
  // Domain code should check uniqueness itself and say what is taken; this is the safety net for races.
  if (isDuplicateKeyError(error)) return { status: 409, body: { message: 'Already exists' } };
  // An outage is not a bug: answer 503 so clients and load balancers know to try again.
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { message: DATABASE_UNAVAILABLE_MESSAGE },
      retryAfterSeconds: 2,
    };
  }
  return undefined;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    // Part of the answer is already on the wire: let Express close the connection.
    if (res.headersSent) return next(error);
    const answer = toErrorAnswer(error);
    const where = { method: req.method, path: req.originalUrl.split('?')[0] };
    if (!answer) {
      logger.error({ err: error, ...where }, 'Unhandled error');
      res.status(500).json({ message: 'Internal server error' });
      return;
    }
    if (answer.status >= 500) logger.warn({ err: error, ...where }, answer.body.message);
    if (answer.retryAfterSeconds !== undefined) {
      res.setHeader('Retry-After', String(answer.retryAfterSeconds));
    }
    res.status(answer.status).json(answer.body);
  };
}
