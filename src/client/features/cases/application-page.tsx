// /jail/application/:caseId: the superintendent's application to the court under S.479(3) BNSS,
// filled in from the case facts, in English and Hindi. "Print" records it in the case timeline,
// then opens the browser's print dialog.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { assessCase, countedOffences, type CaseDetail } from '#shared/cases.ts';
import { todayInIndia } from '#shared/release.ts';
import { Loading } from '#client/components/loading.tsx';
import { Page } from '#client/components/page.tsx';
import { loadScriptFont } from '#client/lib/i18n.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { applicationText, courtLanguageOf, type ApplicationLanguage } from './application-text.ts';
import { casePath } from './case-paths.ts';
import { caseQuery, useRecordPrinted } from './cases.api.ts';
import classes from './application.module.css';
import { QueryError } from '#client/components/query-error.tsx';

export function ApplicationPage() {
  const { t } = useTranslation('release');
  const { caseId = '' } = useParams();
  const query = useQuery(caseQuery(caseId));
  const fontReady = useScriptFont(query.data ? courtLanguageOf(query.data.courtState) : null);
  if (query.isPending || (query.data && !fontReady)) return <Loading label={t('page.loading')} />;
  return (
    <Page title={t('application.title')} size="md">
      {query.error ? <QueryError error={query.error} /> : <Application detail={query.data} />}
    </Page>
  );
}

/**
 * The court language's half needs its script whatever the screen's language (many machines have no
 * such font), and is drawn only once the app's font can draw it: text drawn earlier keeps its tofu
 * (lib/i18n.ts).
 */
function useScriptFont(lang: ApplicationLanguage | null) {
  const [ready, setReady] = useState<ApplicationLanguage | null>(null);
  useEffect(() => {
    if (!lang) return;
    let mounted = true;
    void loadScriptFont(lang).then(() => {
      if (mounted) setReady(lang);
    });
    return () => {
      mounted = false;
    };
  }, [lang]);
  return lang !== null && ready === lang;
}

function Application({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('release');
  const errorText = useErrorText();
  const today = todayInIndia();
  // Someone already released needs no application (the server refuses to record one too).
  // A case the court decided is no undertrial's any more (its stored dates are gone): nothing to apply for.
  const released = (!!detail.release.releasedOn && detail.release.releasedOn <= today) || !!detail.release.decidedOn;
  const a = released ? null : assessCase(detail.facts, today, detail.release.otherCasesHeld);
  const printed = useRecordPrinted(detail.id);
  const back = (
    <Button component={Link} to={casePath(detail.id)} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      {t('application.back')}
    </Button>
  );
  if (!a || a.s479.status !== 'eligible' || !a.s479.eligibleOn || !a.s479.fraction || !a.s479.maximumEndsOn)
    return (
      <Stack>
        <Alert color="orange.9" title={t('application.notEligibleTitle')}>
          {t('application.notEligible')}
        </Alert>
        <Group>{back}</Group>
      </Stack>
    );
  const facts = {
    prisonerName: detail.facts.prisonerName ?? detail.familyMember.name,
    prison: detail.facts.prison ?? '—',
    court: detail.facts.court ?? '—',
    cnr: detail.facts.cnr ?? '',
    caseNumber: detail.caseNumber,
    custodySince: detail.facts.custodySince ?? today,
    offences: countedOffences(detail.facts),
    firstOffence: detail.facts.firstOffence === true,
    fraction: a.s479.fraction,
    eligibleOn: a.s479.eligibleOn,
    maximumEndsOn: a.s479.maximumEndsOn,
    delayByAccusedDays: detail.facts.delayByAccusedDays,
    today,
  };
  const print = () =>
    printed.mutate(undefined, {
      onSuccess: () => {
        notify.success(t('application.recorded'));
        window.print();
      },
      onError: (err) => notify.error(errorText(err)),
    });
  return (
    <Stack gap="md">
      <Text>{t('application.intro')}</Text>
      <Group gap="sm">
        <Button onClick={print} loading={printed.isPending} leftSection={<IconPrinter size={18} aria-hidden />}>
          {t('application.print')}
        </Button>
        {back}
      </Group>
      <Paper withBorder p="lg" radius="sm" className={classes.document} data-testid="application-document">
        {(['en', courtLanguageOf(detail.courtState)] as const).map((lang) => (
          <ApplicationPart key={lang} lang={lang} text={applicationText(lang, facts)} />
        ))}
      </Paper>
    </Stack>
  );
}

function ApplicationPart({ lang, text }: { lang: ApplicationLanguage; text: ReturnType<typeof applicationText> }) {
  return (
    <article lang={lang} dir={lang === 'ur' ? 'rtl' : 'ltr'} className={classes.part}>
      <Stack gap="sm">
        <Text>{text.to}</Text>
        <Title order={2} size="h5">
          {text.subject}
        </Title>
        <Text size="sm">{text.reference}</Text>
        {text.paragraphs.map((p) => (
          <Text key={p}>{p}</Text>
        ))}
        <Text>{text.prayer}</Text>
        <Group justify="space-between" align="flex-end" wrap="wrap" mt="lg">
          <Text size="sm">{text.place}</Text>
          <Text size="sm" style={{ borderTop: '1px solid #000', paddingTop: 4, minWidth: 200, textAlign: 'center' }}>
            {text.signature}
          </Text>
        </Group>
      </Stack>
    </article>
  );
}
