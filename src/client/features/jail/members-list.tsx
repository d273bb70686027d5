// The member list of the dashboard and the bail page: one query per page (search, filter and
// page live in the URL), with its toolbar, loading, error, empty and pager states. Each page
// gives the card it shows a member with.
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { JailMember } from '#shared/jail.ts';
import { Loading } from '#client/components/loading.tsx';
import { QueryError } from '#client/components/query-error.tsx';
import { membersQuery } from './jail.api.ts';
import { MembersEmpty } from './members-empty.tsx';
import { MembersPager, MembersToolbar } from './members-toolbar.tsx';
import { useClampPage, useMembersParams } from './use-members-params.ts';

/** The URL's list parameters and the page of members they select. */
export function useMembersList() {
  const [params, setParams] = useMembersParams();
  const query = useQuery(membersQuery(params));
  useClampPage(query, setParams);
  return { params, setParams, query };
}

export function MembersList({ list, card }: { list: ReturnType<typeof useMembersList>; card: (member: JailMember) => ReactNode }) {
  const { t } = useTranslation('jail');
  const { params, setParams, query } = list;
  const data = query.data;
  return (
    <>
      <MembersToolbar params={params} onChange={setParams} />
      {query.isPending ? (
        <Loading label={t('loading')} />
      ) : query.error ? (
        <QueryError error={query.error} />
      ) : data && data.total === 0 ? (
        <MembersEmpty params={params} onClear={() => setParams({ q: '', filter: '' })} />
      ) : (
        <>
          <Stack gap="sm" aria-busy={query.isPlaceholderData}>
            {data?.items.map(card)}
          </Stack>
          {data && <MembersPager data={data} onChange={setParams} />}
        </>
      )}
    </>
  );
}
