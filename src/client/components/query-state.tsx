// A query's states shown one way on every screen: loading, its error inline (QueryError), nothing to
// show, or the data. QueryList: the same for a list, shown item by item.
import type { ReactNode } from 'react';
import { Stack, type MantineSpacing } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Loading } from './loading.tsx';
import { QueryError } from './query-error.tsx';

export function QueryState<T>({
  query,
  loadingLabel,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loadingLabel} />;
  // A failed "Show more" page keeps the pages shown (ShowMore says what failed beside its button).
  const data = query.data;
  if (data === undefined || (query.isError && !isFetchNextPageError(query))) return <QueryError error={query.error} />;
  if (isEmpty?.(data)) return empty;
  return children(data);
}

function isFetchNextPageError(query: object): boolean {
  return 'isFetchNextPageError' in query && query.isFetchNextPageError === true;
}

/**
 * A query whose answer holds a list: its states, `empty` when the list is empty, else a stack of the
 * items. With `listLabel` the stack is a labelled list (<ul>) for screen readers.
 */
export function QueryList<T, I>({
  query,
  loadingLabel,
  items,
  empty,
  listLabel,
  gap = 'sm',
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  items: (data: T) => readonly I[];
  empty: ReactNode;
  listLabel?: string;
  gap?: MantineSpacing;
  /** One item, with its key. */
  children: (item: I) => ReactNode;
}) {
  return (
    <QueryState query={query} loadingLabel={loadingLabel} isEmpty={(data) => items(data).length === 0} empty={empty}>
      {(data) =>
        listLabel === undefined ? (
          <Stack gap={gap}>{items(data).map((item) => children(item))}</Stack>
        ) : (
          <Stack gap={gap} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={listLabel}>
            {items(data).map((item) => children(item))}
          </Stack>
        )
      }
    </QueryState>
  );
}
