/**
 * The API answers errors as JSON `{ message }`, and the one API client raises "{status}: {body}". This
 * reads the server's message back for a toast; undefined when there is none (a network failure, a
 * proxy's error page, an empty body).
 */
export function serverMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object' || !('bodyText' in error)) return undefined;
  const body = String((error as { bodyText: unknown }).bodyText ?? '').trim();
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (
      parsed &&
      typeof parsed === 'object' &&
      'message' in parsed &&
      typeof parsed.message === 'string' &&
      parsed.message.trim()
    ) {
      return parsed.message;
    }
    return undefined;
  } catch {
    // Not the API's JSON (a proxy's error page, a status text): nothing a customer can act on.
    return undefined;
  }
}

/** The HTTP status of an API client error, if it is one. */
export function errorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number')
    return error.status;
  return undefined;
}
