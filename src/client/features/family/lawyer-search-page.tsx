// /lawyerSearch (Legal Services): lawyers of the family's case type(s), each with 'Request Lawyer' (docs/spec.md#2-screens-and-routes, §4).
// A requested lawyer's card stays where it was, showing "Requested" and its own Withdraw, until the
// person presses Refresh Lawyers: were it to leave at once, the next lawyer's button would slide
// under the finger and a double tap would ask two lawyers. Request buttons also rest while a request
// is on its way and a moment after. A requested card leads on to Case Status, where the request is followed.
import { Anchor, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
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
import { lawyersQuery, registrationQuery, useRequestLawyer } from './family.api.ts';
import { RequireRegistration } from './require-registration.tsx';
import { FamilyStatusPanel } from './family-status-panel.tsx';
import { WithdrawRequestButton, WRAPPING_LABEL } from './withdraw-request-button.tsx';

/** How long request buttons rest after a request has settled (a double tap's second tap lands in it). */
const REST_AFTER_REQUEST_MS = 800;

/** A lawyer requested from this page: where their card stood, and the request (null once withdrawn). */
interface Requested {
  lawyer: LawyerCard;
  index: number;
  requestId: string | null;
}

/** The server's list with the cards requested from this page put back where they stood. */
export function keepRequestedInPlace(lawyers: LawyerCard[], requested: Iterable<Requested>): LawyerCard[] {
  const list = [...lawyers];
  const listed = new Set(list.map((l) => l.id));
  const missing = [...requested].filter((r) => !listed.has(r.lawyer.id)).sort((a, b) => a.index - b.index);
  for (const r of missing) list.splice(Math.min(r.index, list.length), 0, r.lawyer);
  return list;
}

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
  // With several cases the family says which one (and so which prisoner) the request is for.
  const memberCases = useQuery(registrationQuery).data?.cases ?? [];
  const [chosenCase, setChosenCase] = useState<string | null>(null);
  const forCase = chosenCase ?? memberCases[0]?.id ?? null;

  const [requested, setRequested] = useState<ReadonlyMap<string, Requested>>(new Map());
  const [resting, setResting] = useState(false);
  const shown = useMemo(() => keepRequestedInPlace(query.data?.lawyers ?? [], requested.values()), [query.data, requested]);
  const mark = (lawyer: LawyerCard, requestId: string | null) =>
    setRequested((old) => {
      const next = new Map(old);
      const index = old.get(lawyer.id)?.index ?? shown.findIndex((l) => l.id === lawyer.id);
      next.set(lawyer.id, { lawyer, index: index < 0 ? shown.length : index, requestId });
      return next;
    });

  const flight = useSingleFlight();
  const ask = (lawyer: LawyerCard) =>
    flight.run((done) => {
      setResting(true);
      request.mutate(
        { lawyerId: lawyer.id, caseId: forCase },
        {
          onSuccess: (res) => {
            mark(lawyer, res.id);
            notify.success(t('search.requested', { name: lawyer.name }));
          },
          // Requested already (another tab, a tap that got through): the request stands, which is what was asked.
          onError: (err) => {
            if (err instanceof ApiError && err.code === 'already_requested') {
              notify.success(t('search.requested', { name: lawyer.name }));
              // Its id is not known here: the card leaves with the refresh, Case Status has the Withdraw.
              void query.refetch();
            } else notify.error(errorText(err));
          },
          onSettled: () =>
            setTimeout(() => {
              setResting(false);
              done();
            }, REST_AFTER_REQUEST_MS),
        },
      );
    });
  // Refresh is the deliberate moment the list may change: requested lawyers leave it then.
  const refresh = () => {
    setRequested(new Map());
    void query.refetch();
  };

  return (
    <Page
      title={t('search.title')}
      lead={<FamilyStatusPanel />}
      size="lg"
      actions={
        <Group justify="space-between" gap="sm">
          <Stack gap={4}>
            <Text>{query.data ? t('search.intro', { types }) : ''}</Text>
            {query.data && <NearbyIntro location={query.data.location} kind="lawyers" />}
            {memberCases.length > 1 && (
              <Select
                label={t('search.forCase')}
                data={memberCases.map((c) => ({
                  value: c.id,
                  label: `${c.facts.prisonerName || t('follow.nameNotGiven')} · ${c.caseNumber}`,
                }))}
                value={forCase}
                onChange={setChosenCase}
                allowDeselect={false}
                maw={420}
              />
            )}
          </Stack>
          <Button
            variant="outline"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={refresh}
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
        isEmpty={() => shown.length === 0}
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
        {() => (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {shown.map((l) => {
                const requestId = requested.get(l.id)?.requestId ?? null;
                return (
                  <LawyerCardView
                    key={l.id}
                    lawyer={l}
                    busy={request.isPending && request.variables.lawyerId === l.id}
                    resting={resting}
                    request={requestId ? { requestId, name: l.name } : null}
                    onRequest={() => ask(l)}
                    onWithdrawn={() => mark(l, null)}
                  />
                );
              })}
            </SimpleGrid>
            <ShowMore query={query} label={t('search.showMore')} />
          </Stack>
        )}
      </QueryState>
      {query.data && shown.length === 0 && <LegalAidNextStep situation="no-lawyer" />}
      <HomeButton />
    </Page>
  );
}

function LawyerCardView({
  lawyer,
  busy,
  resting,
  request,
  onRequest,
  onWithdrawn,
}: {
  lawyer: LawyerCard;
  busy: boolean;
  resting: boolean;
  request: { requestId: string; name: string } | null;
  onRequest: () => void;
  onWithdrawn: () => void;
}) {
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
        {lawyer.verified && (
          // The Bar Council enrolment was checked (docs/decisions/0048-lawyers-verified-before-families-see-them.md).
          <Badge variant="filled" color="teal.9" tt="none" size="lg" leftSection={<IconCircleCheck size={16} aria-hidden />}>
            {t('lawyer.verified')}
          </Badge>
        )}
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
        {request ? (
          // Where the button was, a line of text at least as tall: a second tap lands on nothing.
          <Stack gap="xs" mt="auto">
            <Group gap={6} wrap="nowrap" mih={44} role="status">
              <IconCircleCheck size={22} aria-hidden color="var(--mantine-color-green-9)" />
              <Text fw={600}>{t('search.requestedBadge')}</Text>
            </Group>
            {/* The notice says the request is on Case Status: the way there, from the card itself. */}
            <Button component={Link} to={paths.familyCase} variant="light" styles={WRAPPING_LABEL}>
              {t('search.toCaseStatus')}
            </Button>
            <WithdrawRequestButton request={request} onWithdrawn={onWithdrawn} />
          </Stack>
        ) : (
          <Button mt="auto" onClick={onRequest} loading={busy} disabled={resting && !busy} aria-describedby={nameId}>
            {t('search.request')}
          </Button>
        )}
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
