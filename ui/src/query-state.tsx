import type { ReactNode } from 'react';
import { Button } from './button';
import { TableMessage } from './section';

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** While loading, e.g. "Loading customers…". */
  loading: string;
  /** The heading when the load failed, e.g. "Could not load customers". */
  failed: string;
  isEmpty: (data: T) => boolean;
  /** The heading and text shown when there is nothing to list. */
  empty: ReactNode;
  /** The list itself, once there is something in it. */
  children: (data: T) => ReactNode;
}

/**
 * A list's four states in one place: loading, failed (with a retry), empty, and the list. Every table
 * and card list of the apps shows them the same way.
 */
export function QueryState<T>({
  query,
  loading,
  failed,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isPending)
    return (
      <TableMessage role="status">
        <p>{loading}</p>
      </TableMessage>
    );
  if (query.isError || query.data === undefined)
    return (
      <TableMessage role="alert">
        <h3>{failed}</h3>
        <p>Please try again.</p>
        <Button type="button" $variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </TableMessage>
    );
  if (isEmpty(query.data)) return <TableMessage>{empty}</TableMessage>;
  return <>{children(query.data)}</>;
}
