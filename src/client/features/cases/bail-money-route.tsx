// The money route after bail on each side's screen (src/shared/bail-money-route.ts, docs/law.md#bail-clocks):
// the family reads, in plain words, whether the poor-prisoners fund can pay or why not, which office is to
// act by which day, and when the court is to release on a personal bond (S.478); the jail and the lawyer
// get the paper that is theirs to print (cases/bail-paper-page.tsx).
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addDays, addMonths, todayInIndia } from '#shared/release.ts';
import { INFORM_DLSA_DAYS } from '#shared/bail.ts';
import { moneyRoute, type BailPaperKind, type FundSteps } from '#shared/bail-money-route.ts';
import { countedOffences, type CaseFacts } from '#shared/cases.ts';
import { WRAPPING_LABEL } from '#client/components/wrapping-label.ts';
import { useFormatDay } from '#client/lib/format-day.ts';

/** Where a paper is printed. */
export const bailPaperPath = (caseId: string, kind: BailPaperKind) => `/cases/${caseId}/paper/${kind}`;

interface FamilyMoneyRouteProps {
  caseId: string;
  facts: Pick<CaseFacts, 'custodySince' | 'offences' | 'chargesFramed' | 'prisonerName'>;
  bailGrantedOn: string | null;
  bailFurnishedOn: string | null;
  releasedOn: string | null;
  fund: FundSteps;
  /** The relative who registered the case prints the request (the server says so too). */
  canPrint: boolean;
}

/** The family's card: nothing before a bail order or after the release. */
export function FamilyMoneyRoute(props: FamilyMoneyRouteProps) {
  const { t } = useTranslation('bailMoney');
  const formatDay = useFormatDay();
  const route = moneyRoute({
    asOf: todayInIndia(),
    custodySince: props.facts.custodySince,
    offences: countedOffences(props.facts),
    bailGrantedOn: props.bailGrantedOn,
    bailFurnishedOn: props.bailFurnishedOn,
    releasedOn: props.releasedOn,
    ...props.fund,
  });
  if (!route) return null;
  const titleId = `money-route-${props.caseId}`;
  const name = props.facts.prisonerName || t('family.theirName');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId} data-testid="money-route">
      <Stack gap="sm">
        <Title order={4} size="h5" id={titleId}>
          {t('family.title')}
        </Title>
        {route.personalBondFrom && (
          <Alert color="blue.9" variant="outline" title={t('family.personalBondTitle')}>
            {t('family.personalBond', { name, date: formatDay(route.personalBondFrom) })}
          </Alert>
        )}
        <Text>{route.fund.canHelp ? t('family.fundYes') : t('family.fundNo')}</Text>
        <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {route.duties.map((d) => (
            <li key={d.step}>
              <Group gap="xs" wrap="wrap" align="baseline">
                {d.late && (
                  <Badge color="red.9" variant="filled" tt="none">
                    {t('family.late')}
                  </Badge>
                )}
                <Text fw={600}>{t(`family.duty.${d.step}`)}</Text>
                <Text size="sm">
                  {d.doneOn
                    ? t('family.doneOn', { date: formatDay(d.doneOn) })
                    : d.due
                      ? t(d.step === 'committee' ? 'family.meetsOn' : 'family.dueBy', { date: formatDay(d.due) })
                      : t('family.waiting')}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
        {route.fund.canHelp && <Text size="sm">{t('family.mondayRule')}</Text>}
        {props.canPrint && (
          <Button
            component={Link}
            to={bailPaperPath(props.caseId, 'dlsa-request')}
            leftSection={<IconPrinter size={18} aria-hidden />}
            w="fit-content"
            styles={WRAPPING_LABEL}
          >
            {t('family.print')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The jail's intimation (due 7 days after the order), and the lawyer's draft from a month after the order
 * while the bonds are not furnished; nothing once released.
 */
export function BailPaperLinks({
  caseId,
  role,
  bailGrantedOn,
  bondsFurnished,
  releasedOn,
}: {
  caseId: string;
  role: string | undefined;
  bailGrantedOn: string | null;
  /** The bonds and sureties are furnished (or a later step is recorded): no conditions to relax. */
  bondsFurnished: boolean;
  releasedOn: string | null;
}) {
  const { t } = useTranslation('bailMoney');
  const formatDay = useFormatDay();
  const today = todayInIndia();
  if (!bailGrantedOn || bailGrantedOn > today || (releasedOn && releasedOn <= today)) return null;
  if (role === 'Jail-Authority') {
    const by = addDays(bailGrantedOn, INFORM_DLSA_DAYS);
    return (
      <Stack gap="xs">
        <Text size="sm">{t('jail.due', { date: formatDay(by) })}</Text>
        <Button
          component={Link}
          to={bailPaperPath(caseId, 'dlsa-intimation')}
          leftSection={<IconPrinter size={18} aria-hidden />}
          w="fit-content"
          styles={WRAPPING_LABEL}
        >
          {t('jail.print')}
        </Button>
      </Stack>
    );
  }
  if (role === 'Lawyer' && !bondsFurnished) {
    const from = addMonths(bailGrantedOn, 1);
    return (
      <Stack gap="xs">
        <Text size="sm">{t('lawyer.from', { date: formatDay(from) })}</Text>
        {today >= from && (
          <Button
            component={Link}
            to={bailPaperPath(caseId, 'relax-conditions')}
            leftSection={<IconPrinter size={18} aria-hidden />}
            w="fit-content"
            styles={WRAPPING_LABEL}
          >
            {t('lawyer.draft')}
          </Button>
        )}
      </Stack>
    );
  }
  return null;
}
