// /dlsa/utrc and its print view /dlsa/utrc/print: the district's prisoners in the Undertrial Review
// Committee's categories Rihaai computes from recorded facts (docs/law.md#undertrial-review-committees),
// grouped by category, each with the prison, the case and the reason, for the quarterly meeting.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UTRC_CATEGORIES, UTRC_CATEGORY_CAP, type UtrcCategory, type UtrcList, type UtrcRow } from '#shared/utrc.ts';
import { paths } from '#client/app/paths.ts';
import { Page } from '#client/components/page.tsx';
import { QueryState } from '#client/components/query-state.tsx';
import { useFormatDay } from '#client/lib/format-day.ts';
import { utrcCategoryQuery, utrcQuery } from './legal-aid.api.ts';
import classes from './utrc.module.css';

type Category = UtrcList['categories'][number];

function useReason() {
  const { t } = useTranslation('legalAidDesk');
  const day = useFormatDay();
  return (category: Category['category'], row: UtrcRow) => t(`utrc.reason.${category}`, { date: row.since ? day(row.since) : '—' });
}

const nameOf = (r: UtrcRow) =>
  r.prisonerNameLatin && r.prisonerNameLatin !== r.prisonerName ? `${r.prisonerName} (${r.prisonerNameLatin})` : r.prisonerName;

function CategoryNote({ c }: { c: Category }) {
  const { t } = useTranslation('legalAidDesk');
  if (c.rows.length === 0) return <Text size="sm">{t('utrc.none')}</Text>;
  return c.truncated ? <Text size="sm">{t('utrc.truncated', { n: c.rows.length })}</Text> : null;
}

/** One category on the screen: its first UTRC_SCREEN_ROWS, read on its own (the print view has the rest). */
function UtrcSection({ category }: { category: UtrcCategory }) {
  const { t } = useTranslation('legalAidDesk');
  const query = useQuery(utrcCategoryQuery(category));
  const reason = useReason();
  const c = query.data?.categories[0];
  return (
    <Stack gap="xs" component="section" aria-labelledby={`utrc-${category}`} data-testid={`utrc-${category}`}>
      <Group gap="xs">
        <Title order={2} size="h4" id={`utrc-${category}`}>
          {t(`utrc.category.${category}`)}
        </Title>
        {c && (
          <Badge variant="outline" color="gray.8">
            {c.truncated ? `${c.rows.length}+` : c.rows.length}
          </Badge>
        )}
      </Group>
      <QueryState query={query} loadingLabel={t('loading')}>
        {() =>
          c && (
            <>
              {c.rows.length === 0 && <Text size="sm">{t('utrc.none')}</Text>}
              {c.truncated && <Text size="sm">{t('utrc.moreInPrint', { n: c.rows.length, cap: UTRC_CATEGORY_CAP })}</Text>}
              {c.rows.length > 0 && (
                <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={`utrc-${category}`}>
                  {c.rows.map((r) => (
                    <Card key={r.prisonerId} withBorder component="li" padding="sm">
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {nameOf(r) || t('noName')}
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {r.prisonName} · {t('utrc.case', { number: r.caseNumber })}
                        {r.prisonerNumber ? ` · ${t('utrc.number', { number: r.prisonerNumber })}` : ''}
                      </Text>
                      <Text size="sm">{reason(category, r)}</Text>
                    </Card>
                  ))}
                </Stack>
              )}
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}

export function UtrcPage() {
  const { t } = useTranslation('legalAidDesk');
  // The first group's answer says the district and the day (every group's is the same).
  const first = useQuery(utrcCategoryQuery(UTRC_CATEGORIES[0]));
  const day = useFormatDay();
  return (
    <Page title={t('utrc.title')}>
      <Text>{t('utrc.intro')}</Text>
      <Group>
        <Button component={Link} to={paths.dlsaUtrcPrint} leftSection={<IconPrinter size={18} aria-hidden />} data-testid="utrc-print-view">
          {t('utrc.printView')}
        </Button>
      </Group>
      <Stack gap="md">
        {first.data && <Text size="sm">{t('utrc.asOf', { district: first.data.district, date: day(first.data.asOf) })}</Text>}
        {UTRC_CATEGORIES.map((category) => (
          <UtrcSection key={category} category={category} />
        ))}
        <Text size="xs">{t('disclaimer')}</Text>
      </Stack>
    </Page>
  );
}

export function UtrcPrintPage() {
  const { t } = useTranslation('legalAidDesk');
  const query = useQuery(utrcQuery);
  const reason = useReason();
  const day = useFormatDay();
  return (
    <Page title={t('utrc.printTitle')} size="lg">
      <Group gap="sm">
        <Button onClick={() => window.print()} leftSection={<IconPrinter size={18} aria-hidden />}>
          {t('utrc.print')}
        </Button>
        <Button component={Link} to={paths.dlsaUtrc} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {t('utrc.back')}
        </Button>
      </Group>
      <QueryState query={query} loadingLabel={t('loading')}>
        {(d) => (
          <div className={classes.document} data-testid="utrc-document">
            <Stack gap="md">
              <Title order={2} size="h3">
                {t('utrc.documentTitle', { district: d.district })}
              </Title>
              <Text>{t('utrc.documentDate', { date: day(d.asOf) })}</Text>
              {d.categories.map((c) => (
                <section key={c.category} className={classes.category} aria-labelledby={`print-${c.category}`}>
                  <Stack gap={6}>
                    <Title order={3} size="h4" id={`print-${c.category}`}>
                      {t(`utrc.category.${c.category}`)} ({c.rows.length})
                    </Title>
                    <CategoryNote c={c} />
                    {c.rows.length > 0 && (
                      <div className={classes.wrap}>
                        <table className={classes.table}>
                          <thead>
                            <tr>
                              <th scope="col">{t('utrc.col.no')}</th>
                              <th scope="col">{t('utrc.col.name')}</th>
                              <th scope="col">{t('utrc.col.prison')}</th>
                              <th scope="col">{t('utrc.col.case')}</th>
                              <th scope="col">{t('utrc.col.reason')}</th>
                            </tr>
                          </thead>
                          <tbody>
                            {c.rows.map((r, i) => (
                              <tr key={r.prisonerId}>
                                <td>{i + 1}</td>
                                <td>
                                  {nameOf(r) || t('noName')}
                                  {r.prisonerNumber ? ` (${r.prisonerNumber})` : ''}
                                </td>
                                <td>{r.prisonName}</td>
                                <td>{r.caseNumber}</td>
                                <td>{reason(c.category, r)}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    )}
                  </Stack>
                </section>
              ))}
              <Text size="xs">{t('utrc.source')}</Text>
            </Stack>
          </div>
        )}
      </QueryState>
    </Page>
  );
}
