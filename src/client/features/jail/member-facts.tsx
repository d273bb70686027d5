// What both jail screens show of a family member: who they are, their cases and lawyers.
import { CaseHearingsLinks } from '#client/components/case-hearings-links.tsx';
import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { JailMember, MemberStage } from '#shared/jail.ts';
import { lawyerNames } from './lawyer-names.ts';
import { PhoneLink } from '#client/components/phone-text.tsx';

const STAGE_COLOR: Record<MemberStage, string> = {
  // Dark shades only: white badge text stays above 4.5:1.
  registered: 'gray.8',
  'lawyer-requested': 'grape.9',
  'lawyer-assigned': 'blue.8',
  'bail-paper-waiting': 'violet.8',
  'bail-accepted': 'teal.9',
};

export function StageBadge({ stage }: { stage: MemberStage }) {
  const { t } = useTranslation('jail');
  return (
    <Badge color={STAGE_COLOR[stage]} variant="filled" radius="sm" style={{ textTransform: 'none' }}>
      {t(`stage.${stage}`)}
    </Badge>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </div>
  );
}

export function MemberHeader({ member }: { member: JailMember }) {
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
      <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
        {member.name}
      </Title>
      <StageBadge stage={member.stage} />
    </Group>
  );
}

/**
 * The people in jail the member's cases are about, each once: the name as typed, its Latin form when it
 * differs (a clerk's screen may lack the script's font), and the jail's number.
 */
export function prisonerLabels(member: JailMember, numberLabel: (n: string) => string): string[] {
  const seen = new Map<string, string>();
  for (const c of member.cases) {
    const p = c.prisoner;
    if (!p || p.name.trim() === '') continue;
    const label = `${p.name}${p.nameLatin && p.nameLatin !== p.name ? ` (${p.nameLatin})` : ''}${p.number ? ` · ${numberLabel(p.number)}` : ''}`;
    seen.set(label, label);
  }
  return [...seen.values()];
}

export function MemberFacts({ member, withCases = true }: { member: JailMember; withCases?: boolean }) {
  const { t } = useTranslation('jail');
  const prisoners = prisonerLabels(member, (number) => t('member.prisonerNumber', { number }));
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
        {prisoners.length > 0 && <Fact label={t('member.prisoner')}>{prisoners.join('\n')}</Fact>}
        <Fact label={t('member.address')}>{member.address}</Fact>
        <Fact label={t('member.email')}>{member.email}</Fact>
        <Fact label={t('member.phone')}>
          <PhoneLink phone={member.phone} />
        </Fact>
        <Fact label={t('member.lawyers')}>{lawyerNames(member.lawyers, t)}</Fact>
      </SimpleGrid>
      {withCases && (
        <Fact label={t('member.caseIds')}>
          {member.cases.length === 0
            ? t('member.noCases')
            : member.cases
                .map(
                  (c) => `${c.caseNumber} (${t(`caseType.${c.caseType}`, { defaultValue: c.caseType })})${c.court ? ` · ${c.court}` : ''}`,
                )
                .join(', ')}
        </Fact>
      )}
      {withCases && <CaseHearingsLinks cases={member.cases} />}
    </Stack>
  );
}
