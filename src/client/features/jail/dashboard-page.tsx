// /dashboard (docs/spec.md#2-screens-and-routes): every family member with cases, lawyers and NGO; 'Select NGO' for those
// without one. Server-side pages, search and filters, counts and a small chart (docs/design.md#5-quality-bars-every-change-keeps).
import { Card, Divider, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { JailMember, MemberCounts } from '#shared/jail.ts';
import { paths } from '#client/app/paths.ts';
import { HomeButton } from '#client/components/home-button.tsx';
import { Loading } from '#client/components/loading.tsx';
import { Page } from '#client/components/page.tsx';
import { AssignNgo } from './assign-ngo.tsx';
import { DeadlineFlags } from '#client/features/deadlines/deadline-flags.tsx';
import { MemberFacts, MemberHeader } from './member-facts.tsx';
import { MembersList, useMembersList } from './members-list.tsx';
import { NgoDetails } from './ngo-details.tsx';
import { MemberRelease, ReleaseCounts } from '#client/features/cases/jail-release.tsx';

// The chart library (recharts) loads only here, and only after the list.
const MembersChart = lazy(() => import('./members-chart.tsx').then((m) => ({ default: m.MembersChart })));

export function DashboardPage() {
  const { t } = useTranslation('jail');
  const list = useMembersList();
  const { setParams } = list;
  const data = list.query.data;

  return (
    <Page title={t('dashboard.title')} size="lg">
      <DeadlineFlags />
      {data && (
        <section aria-labelledby="jail-overview">
          <Title order={2} size="h3" id="jail-overview" mb="xs">
            {t('counts.title')}
          </Title>
          <Counts counts={data.counts} />
          <ReleaseCounts onFilter={(filter) => setParams({ filter })} />
          <Suspense fallback={<Loading label={t('chart.loading')} />}>
            <MembersChart chart={data.chart} />
          </Suspense>
        </section>
      )}
      <section aria-labelledby="jail-members">
        <Title order={2} size="h3" id="jail-members" mb="xs">
          {t('members.title')}
        </Title>
        <Stack gap="md">
          <MembersList list={list} card={(m) => <MemberCard key={m.id} member={m} />} />
        </Stack>
      </section>
      <HomeButton to={paths.jailHome} />
    </Page>
  );
}

function Counts({ counts }: { counts: MemberCounts }) {
  const { t, i18n } = useTranslation('jail');
  const tiles: [string, number][] = [
    [t('counts.all'), counts.all],
    [t('counts.noLawyer'), counts.noLawyer],
    [t('counts.noNgo'), counts.noNgo],
    [t('counts.bailWaiting'), counts.bailWaiting],
    [t('counts.bailAccepted'), counts.bailAccepted],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs" component="dl" m={0} mb="sm">
      {tiles.map(([label, value]) => (
        <Paper key={label} withBorder p="xs" radius="md">
          <Text component="dt" size="sm">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} size="xl">
            {value.toLocaleString(i18n.language)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function MemberCard({ member }: { member: JailMember }) {
  const { t } = useTranslation('jail');
  return (
    <Card withBorder padding="md" component="article" aria-label={member.name}>
      <Stack gap="sm">
        <MemberHeader member={member} />
        <MemberFacts member={member} />
        <MemberRelease member={member} />
        <Divider />
        <Text fw={700}>{t('member.ngo')}</Text>
        {member.ngo ? <NgoDetails ngo={member.ngo} /> : <AssignNgo memberId={member.id} memberName={member.name} />}
      </Stack>
    </Card>
  );
}
