// /lawyerSearch (Legal Services): lawyers of the family's case type(s), each with 'Request Lawyer' (docs/spec.md#2-screens-and-routes, §4).
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LawyerCard } from '#shared/family.ts';
import { paths } from '#client/app/paths.ts';
import { HomeButton } from '#client/components/home-button.tsx';
import { NearbyIntro, NearnessBadge } from '#client/components/nearness.tsx';
import { Page } from '#client/components/page.tsx';
import { QueryState } from '#client/components/query-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { notify } from '#client/lib/notify.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { useSingleFlight } from '#client/lib/single-flight.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { LegalAidNextStep } from '#client/components/legal-aid-next-step.tsx';
import { telHref } from '#client/lib/tel.ts';
import { lawyersQuery, useRequestLawyer } from './family.api.ts';
import { RequireRegistration } from './require-registration.tsx';

export function LawyerSearchPage() {
  const { t } = useTranslation('family');
  return (
    <RequireRegistration loadingLabel={t('loading')}>
      <LawyerSearch />
    </RequireRegistration>
  );
}

function LawyerSearch() {
  const { t } = useTranslation('family');
  const errorText = useErrorText();
  const query = useInfiniteQuery(lawyersQuery);
  const request = useRequestLawyer();
  const types = (query.data?.caseTypes ?? []).map((c) => t(`caseType.${c}`)).join(', ');

  const flight = useSingleFlight();
  const ask = (lawyer: LawyerCard) =>
    flight.run((done) =>
      request.mutate(lawyer.id, {
        onSuccess: () => notify.success(t('search.requested', { name: lawyer.name })),
        // Requested already (another tab, a tap that got through): the request stands, which is what was asked.
        onError: (err) =>
          err instanceof ApiError && err.code === 'already_requested'
            ? notify.success(t('search.requested', { name: lawyer.name }))
            : notify.error(errorText(err)),
        onSettled: done,
      }),
    );

  return (
    <Page
      title={t('search.title')}
      size="lg"
      actions={
        <Group justify="space-between" gap="sm">
          <Stack gap={4}>
            <Text>{query.data ? t('search.intro', { types }) : ''}</Text>
            {query.data && <NearbyIntro location={query.data.location} kind="lawyers" />}
          </Stack>
          <Button
            variant="outline"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isFetchingNextPage}
          >
            {t('search.refresh')}
          </Button>
        </Group>
      }
    >
      <QueryState
        query={query}
        loadingLabel={t('loading')}
        isEmpty={(data) => data.lawyers.length === 0}
        empty={
          <Card withBorder padding="lg">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('search.emptyTitle')}
              </Title>
              <Text>{t('search.empty', { types })}</Text>
              <Text>{t('search.emptyRequested')}</Text>
              <Anchor component={Link} to={paths.familyCase}>
                {t('search.toCaseStatus')}
              </Anchor>
            </Stack>
          </Card>
        }
      >
        {(data) => (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {data.lawyers.map((l) => (
                <LawyerCardView key={l.id} lawyer={l} busy={request.isPending && request.variables === l.id} onRequest={() => ask(l)} />
              ))}
            </SimpleGrid>
            <ShowMore query={query} label={t('search.showMore')} />
          </Stack>
        )}
      </QueryState>
      {query.data?.lawyers.length === 0 && <LegalAidNextStep situation="no-lawyer" />}
      <HomeButton />
    </Page>
  );
}

function LawyerCardView({ lawyer, busy, onRequest }: { lawyer: LawyerCard; busy: boolean; onRequest: () => void }) {
  const { t } = useTranslation('family');
  const nameId = `lawyer-${lawyer.id}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={nameId}>
      <Stack gap={6} h="100%">
        <Title order={2} size="h4" id={nameId}>
          {lawyer.name}
        </Title>
        <Badge variant="outline" color="blue.9" tt="none" size="lg" style={{ whiteSpace: 'normal', height: 'auto' }}>
          {t(`caseType.${lawyer.lawyerType}`)}
        </Badge>
        <NearnessBadge nearness={lawyer.nearness} place={lawyer} />
        <Field label={t('lawyer.email')}>
          <Anchor href={`mailto:${lawyer.email}`} style={{ overflowWrap: 'anywhere' }}>
            {lawyer.email}
          </Anchor>
        </Field>
        <Field label={t('lawyer.phone')}>
          <Anchor href={telHref(lawyer.phone)}>{lawyer.phone}</Anchor>
        </Field>
        <Field label={t('lawyer.address')}>{lawyer.address}</Field>
        <Field label={t('lawyer.courtArea')}>{lawyer.courtArea}</Field>
        <Button mt="auto" onClick={onRequest} loading={busy} aria-describedby={nameId}>
          {t('search.request')}
        </Button>
      </Stack>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}
