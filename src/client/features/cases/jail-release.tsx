// The release tracker on the jail dashboard: four counts that set the list's filter, and
// on each member the release dates of their cases with a link to the case and, when eligible, to
// the S.479(3) application. The badges follow the filters' rule and window (shared/release.ts
// releaseFlagsOn, ELIGIBLE_SOON_DAYS), applied to today.
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReleaseFilter } from '#shared/cases.ts';
import type { JailMember } from '#shared/jail.ts';
import { ELIGIBLE_SOON_DAYS, releaseFlagsOn, todayInIndia } from '#shared/release.ts';
import { applicationPath, casePath } from './case-paths.ts';
import { releaseCountsQuery } from './cases.api.ts';
import { useFormatDay } from './format.ts';

export function ReleaseCounts({ onFilter }: { onFilter: (filter: ReleaseFilter) => void }) {
  const { t, i18n } = useTranslation('release');
  const query = useQuery(releaseCountsQuery);
  if (!query.data) return null;
  const c = query.data;
  const tiles: [ReleaseFilter, number][] = [
    ['eligible-now', c.eligibleNow],
    ['eligible-30-days', c.eligibleSoon],
    ['default-bail-due', c.defaultBailDue],
    ['past-maximum', c.pastMaximum],
  ];
  return (
    <Stack gap={4} mb="sm">
      <Text fw={700}>{t('counts.title')}</Text>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        {tiles.map(([filter, n]) => (
          <UnstyledButton
            key={filter}
            onClick={() => onFilter(filter)}
            aria-label={t('counts.show', { label: t(`filter.${filter}`, { days: ELIGIBLE_SOON_DAYS }), n })}
          >
            <Paper withBorder p="xs" radius="md" h="100%">
              <Text size="sm">{t(`filter.${filter}`, { days: ELIGIBLE_SOON_DAYS })}</Text>
              <Text fw={700} size="xl" data-testid={`release-count-${filter}`}>
                {n.toLocaleString(i18n.language)}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function MemberRelease({ member }: { member: JailMember }) {
  const { t } = useTranslation('release');
  const day = useFormatDay();
  const today = todayInIndia();
  // With one case the card already shows its number: say it again only to tell several apart.
  const several = member.cases.length > 1;
  return (
    <Stack gap={6}>
      {member.cases.map((c) => {
        const r = c.release;
        // Released: none of the filters count the case, so no badge and no application. Nor on bail (the
        // order recorded, or the member's Bail-Accept): the way out is the bond (src/shared/bail-timeline.ts).
        const released = !!r?.releasedOn && r.releasedOn <= today;
        const onBail = !released && (!!member.bailReview || (!!r?.bailGrantedOn && r.bailGrantedOn <= today));
        const flags = r && !onBail ? releaseFlagsOn(r, c.chargesheetFiledOn ?? null, today) : null;
        const eligible = !!flags?.eligibleNow;
        const badges: { key: string; label: string; color: string }[] = [];
        if (flags?.eligibleNow) badges.push({ key: 'now', label: t('filter.eligible-now'), color: 'red.9' });
        if (flags?.eligibleSoon)
          badges.push({ key: 'soon', label: t('filter.eligible-30-days', { days: ELIGIBLE_SOON_DAYS }), color: 'orange.9' });
        if (flags?.defaultBailDue) badges.push({ key: 'bail', label: t('filter.default-bail-due'), color: 'grape.9' });
        if (flags?.pastMaximum) badges.push({ key: 'max', label: t('filter.past-maximum'), color: 'red.9' });
        return (
          <Stack key={c.id} gap={4}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {several ? t('member.case', { caseNumber: c.caseNumber }) : t('counts.title')}
              </Text>
              {badges.map((b) => (
                <Badge key={b.key} color={b.color} variant="filled" radius="sm" style={{ textTransform: 'none' }}>
                  {b.label}
                </Badge>
              ))}
            </Group>
            <Text size="sm">
              {released && r?.releasedOn
                ? t('member.released', { date: day(r.releasedOn) })
                : onBail
                  ? t('member.onBail')
                  : r?.s479EligibleOn
                    ? t('member.eligibleOn', { date: day(r.s479EligibleOn) })
                    : r?.s479Status === 'barred'
                      ? t('member.barred')
                      : r?.s479Status === 'not-applicable'
                        ? t('member.notApplicable')
                        : t('member.noFacts')}
            </Text>
            <Group gap="sm" wrap="wrap">
              <Anchor component={Link} to={casePath(c.id)} size="sm">
                {several ? t('member.openCase', { caseNumber: c.caseNumber }) : t('page.title')}
              </Anchor>
              {eligible && (
                <Button
                  component={Link}
                  to={applicationPath(c.id)}
                  size="xs"
                  variant="outline"
                  leftSection={<IconPrinter size={16} aria-hidden />}
                >
                  {several ? t('application.openFor', { caseNumber: c.caseNumber }) : t('application.open')}
                </Button>
              )}
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}
