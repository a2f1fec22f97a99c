// Input parsing for routes: every body, query and path parameter goes through a zod schema; a failure
// is a ZodError, which the error handler answers with 400 and one entry per bad field.
import type { Request } from 'express';
import { z } from 'zod';
import { AppError } from './errors';

/** A MongoDB ObjectId as text, so a malformed id is a 400 before it reaches a query (not a 500). */
export const objectIdSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid id');

/** Params of routes like /cart/:id. */
export const idParamsSchema = z.object({ id: objectIdSchema });

/** Deeper than any request the shop sends (a cart line is 4 levels); deeper is refused before use. */
const MAX_INPUT_DEPTH = 32;
export const inputTooDeepMessage = `Request body is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`;

/**
 * Refuses input nested deeper than MAX_INPUT_DEPTH and field names the database would read as
 * operators or paths (NoSQL injection; FerretDB also cannot store them). Schemas strip unknown keys,
 * but free-form JSON fields would carry them through. Iterative, with the depth checked before a
 * level is opened: a body of thousands of nested brackets must not overflow the stack here or in
 * anything that runs after (zod, BSON).
 */
export function assertNoOperatorKeys(value: unknown): void {
  walkInput(value, true);
}

/** Only the depth cap: the app runs it on every JSON body, before any route sees it. */
export function assertInputDepth(value: unknown): void {
  walkInput(value, false);
}

function walkInput(value: unknown, refuseOperatorKeys: boolean): void {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.path.length >= MAX_INPUT_DEPTH) {
      throw AppError.invalid(inputTooDeepMessage);
    }
    for (const [key, item] of Object.entries(next.value)) {
      const itemPath = [...next.path, key];
      if (refuseOperatorKeys && (key.startsWith('$') || key.includes('.'))) {
        throw AppError.invalid('Field names may not start with "$" or contain "."', [
          { path: itemPath.join('.'), message: 'Field name not allowed' },
        ]);
      }
      pending.push({ value: item, path: itemPath });
    }
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
