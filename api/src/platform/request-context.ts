// Per-request context (the request id) kept in AsyncLocalStorage, so any code a request runs, down to
// the repositories, logs with that request's id without passing it around.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The id of the request being handled, or undefined outside a request (start-up, timers). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

// A caller's id is kept so one id follows a call across services; anything odd is replaced rather than
// copied into logs and headers.
const acceptableRequestId = /^[\w.:-]{1,128}$/;

/** Sets req's id (from x-request-id or a new UUID), echoes it in x-request-id and logs each answer. */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    const requestId = given && acceptableRequestId.test(given) ? given : randomUUID();
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    storage.run({ requestId }, () => {
      // 'finish' fires from the socket's callbacks, outside this context: bind the listener to it.
      res.on(
        'finish',
        AsyncResource.bind(() => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          // originalUrl: routers rewrite req.url on the way; the query string stays out of the logs.
          const path = req.originalUrl.split('?')[0];
          logger.info(
            { method: req.method, path, status: res.statusCode, ms: Math.round(ms) },
            'request',
          );
        }),
      );
      next();
    });
  };
}
