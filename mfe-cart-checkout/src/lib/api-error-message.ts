import { apiErrorBodySchema } from '@shop/contracts';

/**
 * The API's own words for a failed call: the `message` of its JSON error body (DESIGN.md section 7),
 * read from the client's "{status}: {body}" error. Null when there is none (a network failure, an
 * HTML error page), so the caller can fall back to the spec's wording.
 */
export function apiErrorMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const bodyText = (error as Error & { bodyText?: unknown }).bodyText;
  if (typeof bodyText !== 'string') return null;
  try {
    const parsed = apiErrorBodySchema.safeParse(JSON.parse(bodyText));
    return parsed.success && parsed.data.message.trim() ? parsed.data.message : null;
  } catch {
    return null;
  }
}

/** The HTTP status of a failed API call, when the error came from the API client. */
export function apiErrorStatus(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}
