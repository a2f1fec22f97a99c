import { Button } from './button';

/** What MoreButton needs of an infinite query (react-query's useInfiniteQuery result). */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The button under a list paged by key: shown while there is a next page, disabled (and saying
 * `busyLabel`, when given) while that page loads.
 */
export function MoreButton({
  pages,
  label,
  busyLabel = label,
}: {
  pages: PagedQuery;
  label: string;
  busyLabel?: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      type="button"
      $variant="secondary"
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? busyLabel : label}
    </Button>
  );
}
