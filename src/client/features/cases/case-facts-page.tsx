// /case/:caseId: one case's facts and what the law says. The family owner, the accepted
// lawyer and the jail authority change the facts here; the server decides who may (can.editFacts).
import { Button, Card, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CaseDetail, CaseFacts, CaseFactsCurrent } from '#shared/cases.ts';
import { Loading } from '#client/components/loading.tsx';
import { Page } from '#client/components/page.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { caseKeys, caseQuery, useSaveFacts } from './cases.api.ts';
import { FactsStaleNotice, staleFactsOf } from './facts-stale-notice.tsx';
import { CaseFactsFields, factErrorsOf, useFactsValidation } from './case-facts-fields.tsx';
import { draftOf, inputOf } from './facts-draft.ts';
import { ReleaseExplainer } from './release-explainer.tsx';
import { useFormatDateTime } from './format.ts';
import { QueryError } from '#client/components/query-error.tsx';
import { PrisonSection } from './prison-transfer.tsx';
import { DisposalSection } from './case-disposal.tsx';

export function CaseFactsPage() {
  const { t } = useTranslation('release');
  const { caseId = '' } = useParams();
  const query = useQuery(caseQuery(caseId));
  if (query.isPending) return <Loading label={t('page.loading')} />;
  if (query.error)
    return (
      <Page title={t('page.title')}>
        <QueryError error={query.error} />
      </Page>
    );
  return <CaseFacts detail={query.data} />;
}

function CaseFacts({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('release');
  const formatDateTime = useFormatDateTime();
  return (
    <Page title={t('page.title')} size="md">
      <Text>{t('page.case', { caseNumber: detail.caseNumber, name: detail.familyMember.name })}</Text>
      <Card withBorder padding="md">
        <ReleaseExplainer
          caseId={detail.id}
          facts={detail.facts}
          releasedOn={detail.release.releasedOn}
          bailGrantedOn={detail.release.bailGrantedOn}
          otherCasesHeld={detail.release.otherCasesHeld}
          decidedOn={detail.release.decidedOn}
          editLink={false}
          applicationLink={detail.can.printApplication}
          headingLevel={2}
        />
      </Card>
      {detail.can.editFacts ? <FactsForm detail={detail} /> : <Text>{t('page.readOnly')}</Text>}
      <PrisonSection detail={detail} />
      <DisposalSection detail={detail} />
      <section aria-labelledby="facts-history">
        <Title order={2} size="h4" id="facts-history" mb="xs">
          {t('history.title')}
        </Title>
        {detail.events.length === 0 ? (
          <Text size="sm">{t('history.none')}</Text>
        ) : (
          <List size="sm" spacing={4}>
            {detail.events.map((e, i) => (
              <List.Item key={`${e.at}-${i}`}>
                {e.kind === 'application_printed'
                  ? t('history.printed', { name: e.by.name ?? t('history.someone'), role: e.by.role ? t(`role.${e.by.role}`) : '' })
                  : t('history.changed', {
                      name: e.by.name ?? t('history.someone'),
                      role: e.by.role ? t(`role.${e.by.role}`) : '',
                      fields: e.fields.map((f) => t(`field.${f}`)).join(', '),
                    })}{' '}
                <Text span c="dimmed" size="sm">
                  (<time dateTime={e.at}>{formatDateTime(e.at)}</time>)
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </section>
    </Page>
  );
}

function FactsForm({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('release');
  const errorText = useErrorText();
  const validate = useFactsValidation();
  const qc = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(detail.facts));
  // What the form was loaded with, and its version: a save names it; someone else's save since is a 409.
  const [loaded, setLoaded] = useState<{ facts: CaseFacts; version: number }>(() => ({
    facts: detail.facts,
    version: detail.factsVersion,
  }));
  const [stale, setStale] = useState<{ error: unknown; current: CaseFactsCurrent } | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const save = useSaveFacts(detail.id);
  const loadCurrent = (current: CaseFactsCurrent) => {
    setDraft(draftOf(current.facts));
    setLoaded({ facts: current.facts, version: current.version });
    setStale(null);
    setErrors({});
    void qc.invalidateQueries({ queryKey: caseKeys.one(detail.id) });
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify.error(t('form.fix'));
      return;
    }
    save.mutate(
      { ...inputOf(draft), version: loaded.version },
      {
        onSuccess: (d) => {
          setDraft(draftOf(d.facts));
          setLoaded({ facts: d.facts, version: d.factsVersion });
          setStale(null);
          notify.success(t('form.saved'));
        },
        onError: (err) => {
          const current = staleFactsOf(err);
          // Shown in the form (with the values saved now), not as a passing notice.
          if (current) return setStale({ error: err, current });
          if (err instanceof ApiError && err.code === 'validation') setErrors(factErrorsOf(err.details, t));
          notify.error(errorText(err));
        },
      },
    );
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="facts-form-title">
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="facts-form-title">
            {t('form.title')}
          </Title>
          <CaseFactsFields value={draft} onChange={setDraft} errors={errors} idPrefix={`case-${detail.id}`} />
          {stale && (
            <FactsStaleNotice error={stale.error} loaded={loaded.facts} current={stale.current} onLoad={() => loadCurrent(stale.current)} />
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
