// What the law says for one case, in plain words: the S.479 BNSS date or why it
// does not apply, the maximum, default bail, and what to do next. Computed with the same
// assessRelease the server stores the dates with, for today in India. Once the person has been
// released it says so instead: none of the dates apply any more.
import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconCircleCheck, IconPhone, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ListenButton } from '#client/components/listen-button.tsx';
import { assessCase, type CaseFacts } from '#shared/cases.ts';
import { addDays, todayInIndia } from '#shared/release.ts';
import { casePath, applicationPath } from './case-paths.ts';
import { formatDay, useFormatDay } from './format.ts';

export const HELPLINE = '15100';

export function ReleaseExplainer({
  caseId,
  facts,
  editLink = true,
  applicationLink = false,
  headingLevel = 3,
  releasedOn = null,
}: {
  caseId: string;
  facts: CaseFacts;
  /** The recorded release date, if any. */
  releasedOn?: string | null;
  editLink?: boolean;
  applicationLink?: boolean;
  headingLevel?: 2 | 3 | 4;
}) {
  const { t, i18n } = useTranslation('release');
  const day = useFormatDay();
  const today = todayInIndia();
  const released = releasedOn && releasedOn <= today ? releasedOn : null;
  const a = released ? null : assessCase(facts, today);
  const titleId = `release-${caseId}`;

  const lines = a ? explanationLines(t, day, facts, a, today) : [];
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
          text={spokenText(t, lines, released, day)}
          textIn={async (lng) => {
            await i18n.loadLanguages(lng);
            const tIn = i18n.getFixedT(lng, 'release');
            const dayIn = (iso: string) => formatDay(lng, iso);
            return spokenText(tIn, a ? explanationLines(tIn, dayIn, facts, a, today) : [], released, dayIn);
          }}
        />
      )}
      {released ? (
        <Paper withBorder p="sm" radius="md" bg="green.0" data-testid="release-released">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <IconCircleCheck size={18} aria-hidden />
            <Text size="sm" fw={700} style={{ minWidth: 0 }}>
              {t('released', { date: day(released) })}
            </Text>
          </Group>
        </Paper>
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
      {!released && (
        <>
          <Text size="sm" fw={600}>
            {t('next.title')}
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>{t('next.lawyer')}</List.Item>
            <List.Item>{t('next.dlsa')}</List.Item>
            <List.Item>
              {t('next.helpline')}{' '}
              <Anchor href={`tel:${HELPLINE}`} fw={700}>
                <IconPhone size={14} aria-hidden /> {HELPLINE}
              </Anchor>
            </List.Item>
          </List>
          <Text size="xs" c="dimmed" fs="italic">
            {t('note')}
          </Text>
        </>
      )}
      {(editLink || (applicationLink && a?.s479.status === 'eligible')) && (
        <Stack gap={6} align="flex-start">
          {editLink && (
            <Anchor component={Link} to={casePath(caseId)} size="sm">
              {t('editFacts')}
            </Anchor>
          )}
          {applicationLink && a?.s479.status === 'eligible' && (
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

type Line = { key: string; text: string; strong?: boolean };

/** The explanation's lines for one case in custody, in the language of `t` and `day`. */
function explanationLines(
  t: TFunction<'release'>,
  day: (iso: string) => string,
  facts: CaseFacts,
  a: NonNullable<ReturnType<typeof assessCase>>,
  today: string,
): Line[] {
  const lines: Line[] = [];
  const gravest = facts.offences.some((o) => o.life || o.death);
  const { s479, defaultBail } = a;
  const fraction = s479.fraction === '1/3' ? 'third' : 'half';
  if (s479.status === 'eligible' && s479.eligibleOn)
    lines.push({ key: 's479', text: t(`s479.eligible.${fraction}`, { date: day(s479.eligibleOn) }), strong: true });
  else if (s479.status === 'not-yet' && s479.eligibleOn)
    lines.push({ key: 's479', text: t(`s479.notYet.${fraction}`, { date: day(s479.eligibleOn) }), strong: true });
  else if (s479.status === 'barred') lines.push({ key: 's479', text: t('s479.barred') });
  else lines.push({ key: 's479', text: gravest ? t('s479.lifeOrDeath') : t('s479.noImprisonment') });
  if (s479.status === 'not-yet' && facts.firstOffence === null) lines.push({ key: 'first', text: t('s479.firstUnknown') });
  if (s479.maximumEndsOn)
    lines.push(
      s479.maximumEndsOn <= today
        ? { key: 'max', text: t('maximum.past', { date: day(s479.maximumEndsOn) }), strong: true }
        : { key: 'max', text: t('maximum.future', { date: day(s479.maximumEndsOn) }) },
    );
  if (facts.delayByAccusedDays > 0 && s479.maximumEndsOn)
    lines.push({ key: 'delay', text: t('delay', { days: facts.delayByAccusedDays }) });
  if (defaultBail.eligibleOn && defaultBail.days) {
    const lastDay = day(addDays(defaultBail.eligibleOn, -1));
    const args = {
      days: defaultBail.days,
      lastDay,
      date: day(defaultBail.eligibleOn),
      filed: facts.chargesheetFiledOn ? day(facts.chargesheetFiledOn) : '',
    };
    if (defaultBail.status === 'eligible') lines.push({ key: 'bail', text: t('bail.eligible', args), strong: true });
    else if (defaultBail.status === 'not-applicable') lines.push({ key: 'bail', text: t('bail.notApplicable', args) });
    else if (facts.chargesheetFiledOn && facts.chargesheetFiledOn <= today) lines.push({ key: 'bail', text: t('bail.late', args) });
    else lines.push({ key: 'bail', text: t('bail.notYet', args) });
  }
  return lines;
}

/** Everything the explanation says, as one text to be read aloud (the helpline's number digit by digit). */
function spokenText(t: TFunction<'release'>, lines: Line[], released: string | null, day: (iso: string) => string): string {
  if (released) return [t('title'), t('released', { date: day(released) })].join('\n');
  return [
    t('title'),
    ...lines.map((l) => l.text),
    t('next.title'),
    t('next.lawyer'),
    t('next.dlsa'),
    `${t('next.helpline')} ${HELPLINE.split('').join(' ')}`,
  ].join('\n');
}
