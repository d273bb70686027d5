// /family-case (Case Status): every case with where it stands (docs/spec.md#2-screens-and-routes).
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconFilePlus, IconPhone, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CaseStatus } from '#shared/family.ts';
import { paths } from '#client/app/paths.ts';
import { PrisonerConsentPanel } from '#client/features/privacy/prisoner-consent-panel.tsx';
import { BailSteps } from '#client/components/bail-steps.tsx';
import { FamilyMoneyRoute } from '#client/features/cases/bail-money-route.tsx';
import { HomeButton } from '#client/components/home-button.tsx';
import { Page } from '#client/components/page.tsx';
import { QueryState } from '#client/components/query-state.tsx';
import { NextHearing } from '#client/features/deadlines/next-hearing.tsx';
import { FamilyNextStep } from '#client/components/legal-aid-next-step.tsx';
import { AddCaseForm } from './add-case-form.tsx';
import { ReleaseExplainer } from '#client/features/cases/release-explainer.tsx';
import { CaseTimeline } from './case-timeline.tsx';
import { casesQuery, prisonersQuery } from './family.api.ts';
import { PrisonerHeading } from './prisoner-heading.tsx';
import type { FollowedPrisoner } from '#shared/prisoner-followers.ts';
import { useFormatDateTime } from './format.ts';
import { RequireRegistration } from './require-registration.tsx';
import { FamilyStatusPanel } from './family-status-panel.tsx';
import { RequestAnotherLink, WithdrawRequestButton, WRAPPING_LABEL } from './withdraw-request-button.tsx';
import { EndEngagementButton } from './end-engagement-button.tsx';
import { telHref } from '#client/lib/tel.ts';

export function FamilyCasePage() {
  const { t } = useTranslation('family');
  return (
    <RequireRegistration loadingLabel={t('cases.loading')}>
      <CaseStatusList />
    </RequireRegistration>
  );
}

function CaseStatusList() {
  const { t } = useTranslation(['family', 'accessLog']);
  const query = useQuery(casesQuery);
  const prisoners = useQuery(prisonersQuery);
  const [adding, setAdding] = useState(false);
  return (
    <Page
      title={t('cases.title')}
      lead={<FamilyStatusPanel />}
      actions={
        <Group gap="sm">
          <Button component={Link} to={paths.uploadFile} leftSection={<IconFilePlus size={18} aria-hidden />}>
            {t('cases.upload')}
          </Button>
          {!adding && (
            <Button variant="outline" onClick={() => setAdding(true)} leftSection={<IconPlus size={18} aria-hidden />}>
              {t('cases.addAnother')}
            </Button>
          )}
          <Button
            variant="outline"
            component={Link}
            to={paths.caseAccess}
            leftSection={<IconEye size={18} aria-hidden />}
            styles={WRAPPING_LABEL}
          >
            {t('family.link', { ns: 'accessLog' })}
          </Button>
        </Group>
      }
    >
      <NextHearing />
      {adding && <AddCaseForm onDone={() => setAdding(false)} />}
      <QueryState
        query={query}
        loadingLabel={t('cases.loading')}
        isEmpty={(data) => data.cases.length === 0}
        empty={<Text>{t('cases.empty')}</Text>}
      >
        {(data) => <CasesByPrisoner cases={data.cases} prisoners={prisoners.data?.prisoners ?? []} />}
      </QueryState>
      <PrisonerConsentPanel />
      <Text size="sm">
        <Link to={paths.join}>{t('follow.haveCode')}</Link>
      </Text>
      {query.data && <FamilyNextStep cases={query.data.cases} />}
      <HomeButton to={paths.familyHome} />
    </Page>
  );
}

/**
 * The cases under the prisoner they are against, the prisoner named first
 * (docs/decisions/0050-relatives-join-by-invitation.md); a case of no followed prisoner (the list of
 * prisoners still loading) is shown on its own.
 */
function CasesByPrisoner({ cases, prisoners }: { cases: CaseStatus[]; prisoners: FollowedPrisoner[] }) {
  const byId = new Map(cases.map((c) => [c.id, c]));
  const placed = new Set<string>();
  const groups = prisoners.map((p) => {
    const list = p.cases.flatMap((pc) => {
      const c = byId.get(pc.id);
      if (!c) return [];
      placed.add(c.id);
      return [{ item: c, yours: pc.yours, registeredBy: pc.registeredBy }];
    });
    return { prisoner: p, list };
  });
  const rest = cases.filter((c) => !placed.has(c.id));
  return (
    <>
      {groups.map(({ prisoner, list }) => (
        <Stack key={prisoner.id} gap="sm" component="section" aria-labelledby={`prisoner-${prisoner.id}`}>
          <PrisonerHeading prisoner={prisoner} titleId={`prisoner-${prisoner.id}`} />
          {list.map((c) => (
            <CaseCard key={c.item.id} item={c.item} yours={c.yours} registeredBy={c.registeredBy} />
          ))}
        </Stack>
      ))}
      {rest.map((c) => (
        <CaseCard key={c.id} item={c} yours registeredBy="" />
      ))}
    </>
  );
}

function CaseCard({ item: c, yours, registeredBy }: { item: CaseStatus; yours: boolean; registeredBy: string }) {
  const { t } = useTranslation('family');
  const formatDateTime = useFormatDateTime();
  const titleId = `case-${c.id}`;
  const accepted = c.lawyers.filter((l) => l.status === 'accepted');
  const pending = c.lawyers.filter((l) => l.status === 'pending');
  const ended = c.lawyers.filter((l) => l.status === 'ended');
  const declined = c.lawyers.some((l) => l.status === 'rejected');
  const withdrawnOnly = accepted.length === 0 && pending.length === 0 && ended.length === 0 && !declined && c.lawyers.length > 0;
  // No lawyer engaged or waiting any more, after the family ended an engagement.
  const endedOnly = accepted.length === 0 && pending.length === 0 && ended.length > 0;
  const newest = c.documents[0];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} size="h3" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {t('cases.caseId', { caseNumber: c.caseNumber })}
          </Title>
          <Badge variant="outline" color="blue.9" tt="none" size="lg" style={{ whiteSpace: 'normal', height: 'auto' }}>
            {t(`caseType.${c.caseType}`)}
          </Badge>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.detail}</Text>
        {!yours && <Text size="sm">{t('follow.registeredBy', { name: registeredBy })}</Text>}

        <Stack gap={4} component="dl" m={0}>
          <Row label={t('cases.lawyer')}>
            {accepted.length > 0
              ? t('cases.lawyerAccepted', { names: accepted.map((l) => l.name).join(', ') })
              : pending.length > 0
                ? t('cases.lawyerPending', { names: pending.map((l) => l.name).join(', ') })
                : endedOnly
                  ? t('cases.lawyerEndedOnly', { names: ended.map((l) => l.name).join(', ') })
                  : declined
                    ? t('cases.lawyerDeclinedOnly')
                    : withdrawnOnly
                      ? t('cases.lawyerWithdrawnOnly')
                      : t('cases.lawyerNone')}
          </Row>

          <Row label={t('cases.papers')}>
            {newest ? t('cases.papersCount', { count: c.documents.length, when: formatDateTime(newest.createdAt) }) : t('cases.papersNone')}
          </Row>
          <Row label={t('cases.bail')}>
            {c.bailAcceptedAt ? t('cases.bailAccepted', { when: formatDateTime(c.bailAcceptedAt) }) : t('cases.bailNotYet')}
          </Row>
          <Row label={t('cases.ngo')}>{c.ngo ? c.ngo.name : t('cases.ngoNone')}</Row>
        </Stack>
        <BailSteps caseId={c.id} bail={c.bail} recordable={c.bail.canRecord[0]} plain caseNumber={c.caseNumber} />
        <FamilyMoneyRoute
          caseId={c.id}
          facts={c.facts}
          bailGrantedOn={c.release.bailGrantedOn ?? null}
          bailFurnishedOn={c.bail.steps.find((s) => s.step === 'furnished')?.on ?? null}
          releasedOn={c.release.releasedOn}
          fund={c.bail.fund}
          canPrint={yours}
        />
        {/* The way on once a lawyer accepted: call them. */}
        {accepted.map(
          (l) =>
            l.phone && (
              <Button
                key={`call-${l.requestId}`}
                component="a"
                href={telHref(l.phone)}
                leftSection={<IconPhone size={18} aria-hidden />}
                w="fit-content"
                styles={WRAPPING_LABEL}
              >
                {t('cases.callLawyer', { name: l.name, phone: l.phone })}
              </Button>
            ),
        )}
        {/* Only the relative who asked a lawyer withdraws or ends it. */}
        {yours && accepted.length + pending.length > 0 && (
          <Group gap="xs">
            {accepted.map((l) => (
              <EndEngagementButton key={l.requestId} engagement={l} />
            ))}
            {pending.map((l) => (
              <WithdrawRequestButton key={l.requestId} request={l} />
            ))}
          </Group>
        )}
        {yours && (withdrawnOnly || endedOnly) && <RequestAnotherLink />}

        <ReleaseExplainer
          caseId={c.id}
          facts={c.facts}
          releasedOn={c.release.releasedOn}
          bailGrantedOn={c.release.bailGrantedOn}
          otherCasesHeld={c.release.otherCasesHeld}
          decidedOn={c.release.decidedOn}
        />
        <Title order={4} size="h5">
          {t('timeline.title')}
        </Title>
        <CaseTimeline events={c.timeline} caseNumber={c.caseNumber} />
      </Stack>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text component="dt" fw={600} size="sm">
        {label}:
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </Group>
  );
}
