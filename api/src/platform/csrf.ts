// CSRF defence (docs/design.md section 6): a cross-site form or image cannot set a custom header, and a
// browser always names the page's origin on a cross-site call, so a state-changing call must carry
// x-session-id and, when it has an Origin, come from an allowed one. Multipart uploads included.
import type { Request, RequestHandler } from 'express';
import { AppError } from './errors';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isAllowedOrigin(
  origin: string,
  allowedOrigins: ReadonlySet<string>,
  req: Request,
): boolean {
  if (allowedOrigins.has(origin)) return true;
  try {
    // Same host as the request: the page was served by whatever serves the API (a proxy in front).
    // req.host is the host the browser asked for: the trusted hop's X-Forwarded-Host (the shell's
    // server forwards /api under the API's own Host, app.ts 'trust proxy'), else Host.
    return new URL(origin).host === req.host;
  } catch {
    return false; // "null" (sandboxed frames, some redirects) and other non-URLs
  }
}

export function csrfGuard(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, _res, next) => {
    if (!stateChangingMethods.has(req.method)) return next();
    const sessionId = req.get('x-session-id')?.trim();
    const origin = req.get('origin');
    if (!sessionId || (origin !== undefined && !isAllowedOrigin(origin, allowed, req))) {
      return next(AppError.forbidden('Cross-site request refused'));
    }
    next();
  };
}
