// /cases/:caseId/paper/:kind: a paper of the money route after bail (cases/bail-paper-text.ts), filled
// from GET /api/cases/:caseId/bail-papers, in English and in the court language of the prison's state on
// one printed page. The family prints its request to the DLSA secretary, the jail its intimation to the
// DLSA (printing records the DLSA as told that day, docs/decisions/0055-jail-intimation-informs-the-dlsa.md),
// the lawyer the draft application to relax the bail conditions. The server says which paper is whose.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BAIL_PAPERS,
  BailPapersSchema,
  RecordIntimationResultSchema,
  allBailable,
  moneyRoute,
  type BailPaperKind,
  type BailPapers,
} from '#shared/bail-money-route.ts';
import { todayInIndia } from '#shared/release.ts';
import { Loading } from '#client/components/loading.tsx';
import { Page } from '#client/components/page.tsx';
import { QueryError } from '#client/components/query-error.tsx';
import { api } from '#client/lib/api-client.ts';
import { useFormatDay } from '#client/lib/format-day.ts';
import { loadScriptFont } from '#client/lib/i18n.ts';
import { notify } from '#client/lib/notify.ts';
import { rootKeys } from '#client/lib/query-keys.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useSession } from '#client/lib/use-session.ts';
import { courtLanguageOf, type ApplicationLanguage } from './application-text.ts';
import { bailPaperText, type PaperText } from './bail-paper-text.ts';
import classes from './application.module.css';

const isKind = (k: string | undefined): k is BailPaperKind => (BAIL_PAPERS as readonly string[]).includes(k ?? '');

export function BailPaperPage() {
  const { t } = useTranslation('bailMoney');
  const { caseId = '', kind } = useParams();
  const query = useQuery({
    queryKey: [...rootKeys.deadlines, 'bail-papers', caseId],
    queryFn: () => api('GET', `/api/cases/${caseId}/bail-papers`, BailPapersSchema),
    enabled: isKind(kind),
  });
  const fontReady = useScriptFont(query.data ? courtLanguageOf(query.data.prison?.state) : null);
  if (!isKind(kind))
    return (
      <Page title={t('paper.unknown')} size="md">
        <BackButton caseId={caseId} />
      </Page>
    );
  if (query.isPending || (query.data && !fontReady)) return <Loading label={t('paper.loading')} />;
  return (
    <Page title={t(`paper.title.${kind}`)} size="md">
      {query.error ? <QueryError error={query.error} /> : <PaperView kind={kind} papers={query.data} />}
    </Page>
  );
}

/** The court language's half needs its script whatever the screen's language (as the S.479 application). */
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

function BackButton({ caseId }: { caseId: string }) {
  const { t } = useTranslation('bailMoney');
  const { user } = useSession();
  const to = user?.role === 'Family-Member' ? '/family-case' : `/cases/${caseId}/hearings`;
  return (
    <Button component={Link} to={to} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} w="fit-content">
      {t('paper.back')}
    </Button>
  );
}

function PaperView({ kind, papers }: { kind: BailPaperKind; papers: BailPapers }) {
  const { t } = useTranslation('bailMoney');
  const errorText = useErrorText();
  const formatDay = useFormatDay();
  const qc = useQueryClient();
  const today = todayInIndia();
  const route = moneyRoute({ asOf: today, ...papers.fund, ...papers });
  const record = useMutation({
    mutationFn: () => api('POST', `/api/cases/${papers.caseId}/dlsa-intimation`, RecordIntimationResultSchema, { how: 'printed' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: rootKeys.deadlines }),
  });
  if (!papers.can.includes(kind))
    return (
      <Stack>
        <Alert color="orange.9" title={t('paper.notYoursTitle')}>
          {t('paper.notYours')}
        </Alert>
        <BackButton caseId={papers.caseId} />
      </Stack>
    );
  if (!route)
    return (
      <Stack>
        <Alert color="orange.9" title={t('paper.notOnBailTitle')}>
          {t('paper.notOnBail')}
        </Alert>
        <BackButton caseId={papers.caseId} />
      </Stack>
    );
  const facts = {
    papers,
    fundCanHelp: route.fund.canHelp,
    personalBond: route.personalBondFrom !== null,
    bailable: allBailable(papers.offences),
    today,
  };
  const print = () => {
    if (kind !== 'dlsa-intimation') {
      window.print();
      return;
    }
    record.mutate(undefined, {
      onSuccess: (r) => {
        notify.success(t('paper.recorded', { date: formatDay(r.dlsaInformedOn) }));
        window.print();
      },
      onError: (err) => notify.error(errorText(err)),
    });
  };
  return (
    <Stack gap="md">
      <Text>{t(`paper.intro.${kind}`)}</Text>
      <Group gap="sm">
        <Button onClick={print} loading={record.isPending} leftSection={<IconPrinter size={18} aria-hidden />}>
          {t('paper.print')}
        </Button>
        <BackButton caseId={papers.caseId} />
      </Group>
      <Paper withBorder p="lg" radius="sm" className={classes.document} data-testid="bail-paper">
        {(['en', courtLanguageOf(papers.prison?.state)] as const).map((lang) => (
          <PaperPart key={lang} lang={lang} text={bailPaperText(kind, lang, facts)} />
        ))}
      </Paper>
    </Stack>
  );
}

function PaperPart({ lang, text }: { lang: ApplicationLanguage; text: PaperText }) {
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
        {text.prayer && <Text>{text.prayer}</Text>}
        <Group justify="space-between" align="flex-end" wrap="wrap" mt="lg">
          <Text size="sm">{text.date}</Text>
          <Text size="sm" style={{ borderTop: '1px solid #000', paddingTop: 4, minWidth: 200, textAlign: 'center' }}>
            {text.signature}
          </Text>
        </Group>
      </Stack>
    </article>
  );
}
