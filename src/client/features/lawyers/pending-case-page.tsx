// /pending-case (docs/spec.md#2-screens-and-routes, §4; docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong): pending requests with the family member's details and
// cases; Accept opens 'Case Acceptance Successful' (OK → /lawyer); Reject, after a confirmation,
// removes the card. A request already answered elsewhere gives the server's 409 and a fresh list.
// Oldest first, a page at a time, with 'Show more requests' while more wait.
import { useId, useState } from 'react';
import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PendingRequest } from '#shared/lawyers.ts';
import { paths } from '#client/app/paths.ts';
import { HomeButton } from '#client/components/home-button.tsx';
import { Page } from '#client/components/page.tsx';
import { QueryList } from '#client/components/query-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { notify } from '#client/lib/notify.ts';
import { useSingleFlight } from '#client/lib/single-flight.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { CaseList, Field } from './case-list.tsx';
import { pendingRequestsQuery, useDecideRequest } from './lawyers.api.ts';
import { RequireLawyerRegistration } from './require-registration.tsx';
import { PhoneLink } from '#client/components/phone-text.tsx';

export function PendingCasePage() {
  return (
    <RequireLawyerRegistration>
      <PendingCases />
    </RequireLawyerRegistration>
  );
}

function PendingCases() {
  const { t } = useTranslation(['lawyers', 'common']);
  const navigate = useNavigate();
  const requests = useInfiniteQuery(pendingRequestsQuery);
  const [accepted, setAccepted] = useState<string | null>(null);
  return (
    <Page title={t('pending.title')}>
      <QueryList
        query={requests}
        loadingLabel={t('loading', { ns: 'common' })}
        items={(data) => data.requests}
        empty={<Text>{t('pending.empty')}</Text>}
        gap="md"
      >
        {(r) => <RequestCard key={r.id} request={r} onAccepted={() => setAccepted(r.familyMember.name)} />}
      </QueryList>
      <ShowMore query={requests} label={t('pending.showMore')} />
      <HomeButton to={paths.lawyerHome} />
      <Modal
        opened={accepted !== null}
        onClose={() => void navigate(paths.lawyerHome)}
        title={t('pending.accepted.title')}
        centered
        closeButtonProps={{ 'aria-label': t('dialog.close') }}
      >
        <Stack>
          <Text>{t('pending.accepted.body', { name: accepted ?? '' })}</Text>
          <Button onClick={() => void navigate(paths.lawyerHome)} w="fit-content" data-autofocus>
            {t('dialog.ok')}
          </Button>
        </Stack>
      </Modal>
    </Page>
  );
}

function RequestCard({ request, onAccepted }: { request: PendingRequest; onAccepted: () => void }) {
  const { t } = useTranslation('lawyers');
  const errorText = useErrorText();
  const headingId = useId();
  const [confirmReject, setConfirmReject] = useState(false);
  const member = request.familyMember;
  // The case (and prisoner) the family asked about, when they said and have more than one.
  const forCase = member.cases.length > 1 ? member.cases.find((c) => c.id === request.forCaseId) : undefined;

  const decide = useDecideRequest(request.id);
  const flight = useSingleFlight();
  const decideOnce = (action: 'accept' | 'reject') =>
    flight.run((done) =>
      decide.mutate(action, {
        onSettled: done,
        onSuccess: (decision) => {
          setConfirmReject(false);
          if (decision.status === 'accepted') onAccepted();
          else notify.info(t('pending.rejected', { name: member.name }));
        },
        // Answered in another tab, or no longer ours: the list reloads as it is now.
        onError: (err) => {
          setConfirmReject(false);
          notify.error(errorText(err));
        },
      }),
    );

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {member.name}
        </Title>
        <Field label={t('member.email')} value={member.email} />
        <Field label={t('member.phone')} value={<PhoneLink phone={member.phone} />} />
        <Field label={t('member.address')} value={member.address} />
        {forCase && (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('pending.forCase', { prisoner: forCase.prisonerName || t('cases.prisonerNotGiven'), caseNumber: forCase.caseNumber })}
          </Text>
        )}
        <Title order={3} size="h5" mt="xs">
          {t('cases.title')}
        </Title>
        <CaseList cases={member.cases} />
        <Group gap="sm" mt="xs">
          <Button
            onClick={() => decideOnce('accept')}
            loading={decide.isPending && decide.variables === 'accept'}
            disabled={decide.isPending}
            aria-describedby={headingId}
          >
            {t('pending.accept')}
          </Button>
          <Button
            variant="outline"
            color="red.9"
            onClick={() => setConfirmReject(true)}
            disabled={decide.isPending}
            aria-describedby={headingId}
          >
            {t('pending.reject')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirmReject}
        onClose={() => setConfirmReject(false)}
        title={t('pending.rejectConfirm.title')}
        centered
        closeButtonProps={{ 'aria-label': t('dialog.close') }}
      >
        <Stack>
          <Text>{t('pending.rejectConfirm.body', { name: member.name })}</Text>
          {/* The safe choice first, with the focus, as in the app's other confirmations. */}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirmReject(false)} data-autofocus>
              {t('dialog.cancel')}
            </Button>
            <Button color="red.9" onClick={() => decideOnce('reject')} loading={decide.isPending}>
              {t('pending.rejectConfirm.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
