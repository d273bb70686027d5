// /case-access?prisoner=<id>: who looked at or changed the record of a prisoner the family follows —
// officials and lawyers by name, in their role, when, and what (docs/decisions/0049-access-log.md).
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { FamilyAccessRow } from '#shared/access-log.ts';
import type { FollowedPrisoners } from '#shared/prisoner-followers.ts';
import { paths } from '#client/app/paths.ts';
import { Loading } from '#client/components/loading.tsx';
import { Page } from '#client/components/page.tsx';
import { QueryError } from '#client/components/query-error.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { familyAccessQuery, followedPrisonersQuery } from './access-log.api.ts';
import { useAccessText, useFormatTime } from './access-texts.ts';

export function FamilyAccessLogPage() {
  const [params] = useSearchParams();
  const chosen = params.get('prisoner');
  const prisoners = useQuery({ ...followedPrisonersQuery, enabled: chosen === null });
  // One prisoner followed: their log at once; several: the family picks.
  const only = prisoners.data?.prisoners.length === 1 ? prisoners.data.prisoners[0]!.id : null;
  const prisonerId = chosen ?? only;
  if (prisonerId) return <PrisonerAccessLog prisonerId={prisonerId} />;
  return <ChoosePrisoner query={prisoners} />;
}

function ChoosePrisoner({ query }: { query: ReturnType<typeof useQuery<FollowedPrisoners>> }) {
  const { t } = useTranslation(['accessLog', 'common']);
  return (
    <Page title={t('family.titlePlain')} actions={<BackToCases />}>
      <Text>{t('family.intro')}</Text>
      {query.isPending ? (
        <Loading label={t('loading', { ns: 'common' })} />
      ) : query.isError ? (
        <QueryError error={query.error} />
      ) : query.data.prisoners.length === 0 ? (
        <Card withBorder padding="lg" role="status">
          <Text>{t('family.none')}</Text>
        </Card>
      ) : (
        <Group gap="sm">
          {query.data.prisoners.map((p) => (
            <Button key={p.id} component={Link} to={`${paths.caseAccess}?prisoner=${encodeURIComponent(p.id)}`} variant="outline">
              {t('family.title', { name: p.name || p.nameLatin || '—' })}
            </Button>
          ))}
        </Group>
      )}
    </Page>
  );
}

function BackToCases() {
  const { t } = useTranslation('accessLog');
  return (
    <Button component={Link} to={paths.familyCase} variant="default">
      {t('family.back')}
    </Button>
  );
}

function PrisonerAccessLog({ prisonerId }: { prisonerId: string }) {
  const { t } = useTranslation(['accessLog', 'common']);
  const query = useInfiniteQuery(familyAccessQuery(prisonerId));
  const title = query.data ? t('family.title', { name: query.data.prisoner.name || '—' }) : t('family.titlePlain');
  return (
    <Page title={title} actions={<BackToCases />}>
      <Text>{t('family.intro')}</Text>
      {query.isPending ? (
        <Loading label={t('loading', { ns: 'common' })} />
      ) : query.isError ? (
        <QueryError error={query.error} />
      ) : query.data.rows.length === 0 ? (
        <Card withBorder padding="lg" role="status">
          <Text>{t('family.none')}</Text>
        </Card>
      ) : (
        <Stack gap="sm">
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {query.data.rows.map((row, i) => (
              <AccessRow key={`${row.at}-${i}`} row={row} />
            ))}
          </Stack>
          <ShowMore query={query} label={t('more')} />
        </Stack>
      )}
    </Page>
  );
}

function AccessRow({ row }: { row: FamilyAccessRow }) {
  const { t } = useTranslation('accessLog');
  const did = useAccessText();
  const time = useFormatTime();
  const role = t(`role.${row.actorRole}`);
  return (
    <Card component="li" withBorder padding="sm">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {row.actorName ? t('row.named', { name: row.actorName, role }) : t('row.unnamed', { role })}
      </Text>
      <Text size="sm">{did(row.action, row.what)}</Text>
      <Text size="sm" c="dimmed">
        <time dateTime={row.at}>{time(row.at)}</time>
      </Text>
    </Card>
  );
}
