import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { MEMBER_FILTERS, MEMBERS_MAX_OFFSET_PAGE, MEMBERS_PAGE_SIZE, type MemberFilter } from '#shared/jail.ts';
import type { MembersPage } from '#shared/jail.ts';
import type { MembersParams } from './jail.api.ts';

const PAGE_SIZES = [MEMBERS_PAGE_SIZE.min, MEMBERS_PAGE_SIZE.max] as const;

/**
 * Page, its cursor, page size, search and filter live in the address (?page=2&after=…&q=…), so
 * reload, back and a shared link keep the authority's place in a long list.
 */
export function useMembersParams(): [MembersParams, (change: Partial<MembersParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const after = search.get('after') || undefined;
  const before = search.get('before') || undefined;
  const last = search.get('last') === 'true' || undefined;
  let page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  // A page number alone (an old link) reaches only the first pages; further ones need their cursor.
  if (!after && !before && !last) page = Math.min(page, MEMBERS_MAX_OFFSET_PAGE);
  const size = Number(search.get('pageSize'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : MEMBERS_PAGE_SIZE.default;
  const rawFilter = search.get('filter') ?? '';
  const filter = (MEMBER_FILTERS as readonly string[]).includes(rawFilter) ? (rawFilter as MemberFilter) : '';
  const params: MembersParams = { page, pageSize, q: search.get('q') ?? '', filter, after, before, last };

  const update = (change: Partial<MembersParams>) => {
    const next: MembersParams = { ...params, after: undefined, before: undefined, last: undefined, ...change };
    // A new search, filter or page size starts again at page 1.
    if (change.q !== undefined || change.filter !== undefined || change.pageSize !== undefined) {
      next.page = change.page ?? 1;
      if (change.page === undefined) Object.assign(next, { after: undefined, before: undefined, last: undefined });
    }
    const out = new URLSearchParams();
    if (next.page > 1) out.set('page', String(next.page));
    if (next.after) out.set('after', next.after);
    if (next.before) out.set('before', next.before);
    if (next.last) out.set('last', 'true');
    if (next.pageSize !== MEMBERS_PAGE_SIZE.default) out.set('pageSize', String(next.pageSize));
    if (next.q) out.set('q', next.q);
    if (next.filter) out.set('filter', next.filter);
    setSearch(out);
  };
  return [params, update];
}

/** A page past the end (the list shrank since the link was made): go to the last page that has members. */
export function useClampPage(
  query: { data: MembersPage | undefined; isPlaceholderData: boolean },
  update: (change: Partial<MembersParams>) => void,
) {
  const { data } = query;
  // While the next page loads the previous one stands in: judge only a real answer.
  const past = !query.isPlaceholderData && !!data && data.items.length === 0 && data.total > 0 && data.page > 1;
  const updateRef = useRef(update);
  useEffect(() => {
    updateRef.current = update;
  });
  useEffect(() => {
    if (past) updateRef.current({ last: true });
  }, [past]);
}

export { PAGE_SIZES };
