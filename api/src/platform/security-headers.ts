// Response headers for a JSON API. A route that serves a page (the payment sandbox's card frame) sets
// its own Content-Security-Policy and frame headers, which replace these. Every answer, errors too, is
// `Cache-Control: no-store` (it is one caller's, or changes with the next write) unless its route sets
// another value: a download's 'private, no-store', the sandbox's scripts' 'no-cache'.
import type { RequestHandler } from 'express';

export function securityHeaders({ isProduction }: { isProduction: boolean }): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    res.setHeader('Cache-Control', 'no-store');
    // Only meaningful over HTTPS, which production sits behind.
    if (isProduction)
      res.setHeader('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
    next();
  };
}
