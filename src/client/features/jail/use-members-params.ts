import { useSearchParams } from 'react-router';
import { MEMBER_FILTERS, MEMBERS_PAGE_SIZE, type MemberFilter } from '#shared/jail.ts';
import type { MembersParams } from './jail.api.ts';

const PAGE_SIZES = [MEMBERS_PAGE_SIZE.min, MEMBERS_PAGE_SIZE.max] as const;

/**
 * Page, page size, search and filter live in the address (?page=2&q=…), so reload, back and a
 * shared link keep the authority's place in a long list.
 */
export function useMembersParams(): [MembersParams, (change: Partial<MembersParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  const size = Number(search.get('pageSize'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : MEMBERS_PAGE_SIZE.default;
  const rawFilter = search.get('filter') ?? '';
  const filter = (MEMBER_FILTERS as readonly string[]).includes(rawFilter) ? (rawFilter as MemberFilter) : '';
  const params: MembersParams = { page, pageSize, q: search.get('q') ?? '', filter };

  const update = (change: Partial<MembersParams>) => {
    const next = { ...params, ...change };
    // A new search, filter or page size starts again at page 1.
    if (change.q !== undefined || change.filter !== undefined || change.pageSize !== undefined) next.page = change.page ?? 1;
    const out = new URLSearchParams();
    if (next.page > 1) out.set('page', String(next.page));
    if (next.pageSize !== MEMBERS_PAGE_SIZE.default) out.set('pageSize', String(next.pageSize));
    if (next.q) out.set('q', next.q);
    if (next.filter) out.set('filter', next.filter);
    setSearch(out);
  };
  return [params, update];
}

export { PAGE_SIZES };
