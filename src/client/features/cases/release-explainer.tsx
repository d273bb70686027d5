// What the law says for one case, in plain words: the S.479 BNSS date or why it
// does not apply, the maximum, default bail, and what to do next. Computed with the same
// assessRelease the server stores the dates with, for today in India. Once the person has been
// released it says so instead: none of the dates apply any more. The family reads plain words with
// advice for them; the lawyer and the jail read the professional wording (the prisoner named, the
// sections cited, their own next step), chosen by the signed-in role.
import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconCircleCheck, IconPhone, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListenButton } from '#client/components/listen-button.tsx';
import { useSession } from '#client/lib/use-session.ts';
import { assessCase, type CaseFacts } from '#shared/cases.ts';
import { todayInIndia } from '#shared/release.ts';
import { casePath, applicationPath } from './case-paths.ts';
import { formatDay, useFormatDay } from './format.ts';
import { HELPLINE, audienceOf, explanationLines, nextSteps, releasedText, spokenText } from './release-wording.ts';

export function ReleaseExplainer({
  caseId,
  facts,
  editLink = true,
  applicationLink = false,
  headingLevel = 3,
  releasedOn = null,
  bailGrantedOn = null,
  otherCasesHeld = 0,
  decidedOn = null,
}: {
  caseId: string;
  facts: CaseFacts;
  /** The recorded release date, if any. */
  releasedOn?: string | null;
  /** The court's bail order as recorded: from its day the way out is the bond, not an application (src/shared/bail-timeline.ts). */
  bailGrantedOn?: string | null | undefined;
  /** The prisoner's other cases Rihaai holds (StoredRelease.otherCasesHeld): they bar S.479's half and third rule. */
  otherCasesHeld?: number | undefined;
  /** The day of the court's decision recorded on the case: then no release rule for undertrials applies to it. */
  decidedOn?: string | null | undefined;
  editLink?: boolean;
  applicationLink?: boolean;
  headingLevel?: 2 | 3 | 4;
}) {
  const { t, i18n } = useTranslation('release');
  const day = useFormatDay();
  const audience = audienceOf(useSession().user?.role);
  const today = todayInIndia();
  const released = releasedOn && releasedOn <= today ? releasedOn : null;
  const onBail = !released && !!bailGrantedOn && bailGrantedOn <= today;
  const decided = !released && !!decidedOn;
  const a = released || decided ? null : assessCase(facts, today, otherCasesHeld);
  const titleId = `release-${caseId}`;

  const lines = a ? explanationLines(t, day, facts, a, today, audience, otherCasesHeld) : [];
  const next = nextSteps(t, audience);
  const urgent =
    !!a &&
    (a.s479.status === 'eligible' || a.defaultBail.status === 'eligible' || (!!a.s479.maximumEndsOn && a.s479.maximumEndsOn <= today));

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-testid="release-explainer">
      <Title order={headingLevel} size="h5" id={titleId}>
        {t('title')}
      </Title>
      {(released || a) && (
        <ListenButton
          text={spokenText(t, lines, released, day, facts, audience)}
          textIn={async (lng) => {
            await i18n.loadLanguages(lng);
            const tIn = i18n.getFixedT(lng, 'release');
            const dayIn = (iso: string) => formatDay(lng, iso);
            return spokenText(
              tIn,
              a ? explanationLines(tIn, dayIn, facts, a, today, audience, otherCasesHeld) : [],
              released,
              dayIn,
              facts,
              audience,
            );
          }}
        />
      )}
      {released ? (
        <Paper withBorder p="sm" radius="md" bg="green.0" data-testid="release-released">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <IconCircleCheck size={18} aria-hidden />
            <Text size="sm" fw={700} style={{ minWidth: 0 }}>
              {releasedText(t, day, released, facts, audience)}
            </Text>
          </Group>
        </Paper>
      ) : decided ? (
        <Text size="sm">{t('decided')}</Text>
      ) : !a ? (
        <Text size="sm">{t('noCustody')}</Text>
      ) : (
        <Paper withBorder p="sm" radius="md" bg={urgent ? 'orange.0' : 'blue.0'}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            {urgent ? <IconAlertTriangle size={18} aria-hidden /> : <IconCalendarEvent size={18} aria-hidden />}
            <Stack gap={6} style={{ minWidth: 0 }}>
              {lines.map((l) => (
                <Text key={l.key} size="sm" fw={l.strong ? 700 : 400}>
                  {l.text}
                </Text>
              ))}
            </Stack>
          </Group>
        </Paper>
      )}
      {onBail && (
        <Text size="sm" fw={600}>
          {t('member.onBail')}
        </Text>
      )}
      {!released && !onBail && (
        <>
          <Text size="sm" fw={600}>
            {next.title}
          </Text>
          <List size="sm" spacing={2}>
            {next.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
            {audience === 'family' && (
              <List.Item>
                {t('next.helpline')}{' '}
                <Anchor href={`tel:${HELPLINE}`} fw={700}>
                  <IconPhone size={14} aria-hidden /> {HELPLINE}
                </Anchor>
              </List.Item>
            )}
          </List>
          <Text size="xs" c="dimmed" fs="italic">
            {audience === 'family' ? t('note') : t('pro.note')}
          </Text>
        </>
      )}
      {(editLink || (applicationLink && !onBail && a?.s479.status === 'eligible')) && (
        <Stack gap={6} align="flex-start">
          {editLink && (
            <Anchor component={Link} to={casePath(caseId)} size="sm">
              {t('editFacts')}
            </Anchor>
          )}
          {applicationLink && !onBail && a?.s479.status === 'eligible' && (
            <Button
              component={Link}
              to={applicationPath(caseId)}
              size="xs"
              variant="outline"
              leftSection={<IconPrinter size={16} aria-hidden />}
            >
              {t('application.open')}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
