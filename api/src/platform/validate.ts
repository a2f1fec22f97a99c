// Input parsing for routes: every body, query and path parameter goes through a zod schema; a failure
// is a ZodError, which the error handler answers with 400 and one entry per bad field.
import type { Request } from 'express';
import { z } from 'zod';
import { AppError } from './errors';

/** A MongoDB ObjectId as text, so a malformed id is a 400 before it reaches a query (not a 500). */
export const objectIdSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid id');

/** Params of routes like /cart/:id. */
export const idParamsSchema = z.object({ id: objectIdSchema });

/**
 * Refuses field names the database would read as operators or paths (NoSQL injection; FerretDB also
 * cannot store them). Schemas strip unknown keys, but free-form JSON fields would carry them through.
 */
export function assertNoOperatorKeys(value: unknown, path: string[] = []): void {
  if (value === null || typeof value !== 'object') return;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = [...path, key];
    if (key.startsWith('$') || key.includes('.')) {
      throw AppError.invalid('Field names may not start with "$" or contain "."', [
        { path: itemPath.join('.'), message: 'Field name not allowed' },
      ]);
    }
    assertNoOperatorKeys(item, itemPath);
  }
}

/** The JSON body, parsed by schema; a request without a body is read as {} so each missing field is named. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const body: unknown = req.body ?? {};
  assertNoOperatorKeys(body);
  return schema.parse(body);
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  assertNoOperatorKeys(req.query);
  return schema.parse(req.query);
}

export function parseParams<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return schema.parse(req.params);
}
