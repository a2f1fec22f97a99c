/** A loader made by loadOnce: call it for the value; `loaded()` is the value once it has arrived. */
export interface LoadOnce<T> {
  (): Promise<T>;
  loaded(): T | undefined;
}

/**
 * Loads a value (a lazily imported chunk, most often) the first time it is asked for, and keeps it:
 * every later call shares the same load. A failed load is forgotten, so the next call tries again
 * (a chunk that did not arrive over a bad connection is not refused for the rest of the visit).
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  function get(): Promise<T> {
    loading ??= load().then(
      (result) => {
        value = result;
        return result;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }
  return Object.assign(get, { loaded: () => value });
}
