// A query's states shown one way on every screen: loading, its error inline (QueryError), nothing to
// show, or the data.
import type { ReactNode } from 'react';
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
  if (query.isError) return <QueryError error={query.error} />;
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
