// The one error type of the API. Domain code throws it with a kind; error-handler.ts turns the kind
// into the status code, so no route picks status numbers itself (docs/design.md section 7).

export const statusByKind = {
  invalid: 400,
  unauthenticated: 401,
  payment_declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  payment_unavailable: 502,
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof statusByKind;

/** One problem with one input field; path is the field's dotted path ("customerInfo.zipCode"). */
export interface FieldError {
  path: string;
  message: string;
}

interface AppErrorOptions {
  errors?: FieldError[];
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly errors: FieldError[] | undefined;
  /** For rate_limited and unavailable: sent as the Retry-After header. */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: ErrorKind, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.kind = kind;
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return statusByKind[this.kind];
  }

  static invalid(message: string, errors?: FieldError[]): AppError {
    return new AppError('invalid', message, { errors });
  }

  /** Bad input in one field: the message is the answer's and the field's. */
  static invalidField(path: string, message: string): AppError {
    return AppError.invalid(message, [{ path, message }]);
  }

  static unauthenticated(message = 'Please sign in'): AppError {
    return new AppError('unauthenticated', message);
  }

  static forbidden(message = 'Forbidden'): AppError {
    return new AppError('forbidden', message);
  }

  /** Also for things that exist but belong to someone else: they are never shown (docs/design.md 7). */
  static notFound(message = 'Not found'): AppError {
    return new AppError('not_found', message);
  }

  static conflict(message: string, errors?: FieldError[]): AppError {
    return new AppError('conflict', message, { errors });
  }

  static tooLarge(message = 'Request body is too large'): AppError {
    return new AppError('too_large', message);
  }

  static unsupportedMedia(message: string): AppError {
    return new AppError('unsupported_media', message);
  }

  static rateLimited(
    retryAfterSeconds: number,
    message = 'Too many attempts; please try again later',
  ): AppError {
    return new AppError('rate_limited', message, {
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
    });
  }

  static paymentDeclined(reason: string): AppError {
    return new AppError('payment_declined', reason);
  }

  /** A service the API needs (its database) is down: try again shortly (Retry-After). */
  static unavailable(message: string, retryAfterSeconds: number): AppError {
    return new AppError('unavailable', message, { retryAfterSeconds });
  }

  /** The card processor failed or did not answer (not a decline): the shopper may simply retry. */
  static paymentUnavailable(message: string, cause?: unknown): AppError {
    return new AppError('payment_unavailable', message, { cause });
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
