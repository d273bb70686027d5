// /lawyer-cases (docs/spec.md#2-screens-and-routes; docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong): the lawyer's accepted clients, their cases and bail papers,
// and a bail-paper upload per client with progress. Success shows a popup that returns to /lawyer
// after LIMITS.popupAutoCloseMs; with no file chosen the button does nothing (docs/spec.md#5-validation-rules).
// The most recently accepted first, a page at a time, with 'Show more clients' while more wait.
import { useEffect, useId, useState } from 'react';
import { Anchor, Badge, Button, Card, FileInput, List, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '#shared/constants.ts';
import { ACCEPTED_UPLOAD, type DocumentMeta } from '#shared/documents.ts';
import type { LawyerClient } from '#shared/lawyers.ts';
import { paths } from '#client/app/paths.ts';
import { HomeButton } from '#client/components/home-button.tsx';
import { Page } from '#client/components/page.tsx';
import { QueryList } from '#client/components/query-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { CaseHearingsLinks } from '#client/components/case-hearings-links.tsx';
import { CaseList, Field } from './case-list.tsx';
import { ClientRelease } from '#client/features/cases/client-release.tsx';
import { clientsQuery, useUploadClientBailPaper } from './lawyers.api.ts';
import { RequireLawyerRegistration } from './require-registration.tsx';
import { PhoneLink } from '#client/components/phone-text.tsx';

/** Refusals whose own translated text tells the lawyer what to do (size, quotas, uploads at once). */
const UPLOAD_REFUSALS = new Set(['payload_too_large', 'upload_quota_exceeded', 'storage_full', 'too_many_uploads']);

export function LawyerCasesPage() {
  return (
    <RequireLawyerRegistration>
      <CaseRecord />
    </RequireLawyerRegistration>
  );
}

function CaseRecord() {
  const { t } = useTranslation(['lawyers', 'common']);
  const navigate = useNavigate();
  const clients = useInfiniteQuery(clientsQuery);
  const [uploaded, setUploaded] = useState(false);
  useEffect(() => {
    if (!uploaded) return;
    const timer = setTimeout(() => void navigate(paths.lawyerHome), LIMITS.popupAutoCloseMs);
    return () => clearTimeout(timer);
  }, [uploaded, navigate]);
  return (
    <Page title={t('cases.pageTitle')}>
      <QueryList
        query={clients}
        loadingLabel={t('loading', { ns: 'common' })}
        items={(data) => data.clients}
        empty={<Text>{t('cases.empty')}</Text>}
        gap="md"
      >
        {(c) => <ClientCard key={c.id} client={c} onUploaded={() => setUploaded(true)} />}
      </QueryList>
      <ShowMore query={clients} label={t('cases.showMore')} />
      <HomeButton to={paths.lawyerHome} />
      <Modal
        opened={uploaded}
        onClose={() => void navigate(paths.lawyerHome)}
        title={t('upload.success')}
        centered
        closeButtonProps={{ 'aria-label': t('dialog.close') }}
      >
        <Text role="status">{t('upload.returning', { seconds: LIMITS.popupAutoCloseMs / 1000 })}</Text>
      </Modal>
    </Page>
  );
}

function isAcceptedType(file: File) {
  // A hint only: the server decides from the bytes. An empty type (unknown to the browser) is let through.
  return !file.type || file.type.startsWith('image/') || file.type === 'application/pdf';
}

function ClientCard({ client, onUploaded }: { client: LawyerClient; onUploaded: () => void }) {
  const { t, i18n } = useTranslation(['lawyers', 'errors']);
  const errorText = useErrorText();
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  const fail = (message: string) => {
    setProblem(message);
    notify.error(message);
  };
  const mutation = useUploadClientBailPaper(client.id, setProgress);
  const send = (f: File) => {
    setProgress(0);
    setProblem(null);
    mutation.mutate(f, {
      onSuccess: () => {
        setFile(null);
        onUploaded();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'unsupported_media_type') fail(errorText(err));
        else if (err instanceof ApiError && UPLOAD_REFUSALS.has(err.code)) fail(`${t('upload.failed')} ${errorText(err)}`);
        else fail(t('upload.failed'));
      },
    });
  };

  const submit = () => {
    if (!file || mutation.isPending) return; // docs/spec.md#5-validation-rules: no file chosen → nothing happens
    if (!isAcceptedType(file)) return fail(t('upload.unsupported'));
    if (file.size > LIMITS.uploadMaxBytes) return fail(`${t('upload.failed')} ${t('payload_too_large', { ns: 'errors' })}`);
    send(file);
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {client.name}
        </Title>
        {client.legalAid && (
          <Badge
            variant="light"
            color="blue.9"
            tt="none"
            style={{ alignSelf: 'flex-start', maxWidth: '100%', height: 'auto', whiteSpace: 'normal' }}
          >
            {t('legalAid.badge')}
          </Badge>
        )}
        <Field label={t('member.email')} value={client.email} />
        <Field label={t('member.phone')} value={<PhoneLink phone={client.phone} />} />
        <Field
          label={t('status.bail')}
          value={
            client.bailAcceptedAt
              ? t('status.bailAccepted', {
                  date: new Date(client.bailAcceptedAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
                })
              : t('status.bailWaiting')
          }
        />
        <Field label={t('status.ngo')} value={client.ngo ? client.ngo.name : t('status.ngoNone')} />
        <Title order={3} size="h5" mt="xs">
          {t('cases.title')}
        </Title>
        <CaseList cases={client.cases} />
        <ClientRelease cases={client.cases} />
        <CaseHearingsLinks cases={client.cases} />
        <Title order={3} size="h5" mt="xs">
          {t('papers.title')}
        </Title>
        <PaperList documents={client.documents} />
        <FileInput
          label={t('upload.label')}
          description={t('upload.hint')}
          placeholder={t('upload.placeholder')}
          // Mantine renders this placeholder as text: the default gray.5 is below 4.5:1, gray.7 passes.
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          accept={ACCEPTED_UPLOAD}
          value={file}
          onChange={(f) => {
            setFile(f);
            setProblem(null);
          }}
          clearable
          clearButtonProps={{ 'aria-label': t('upload.clear') }}
          leftSection={<IconPaperclip size={16} aria-hidden />}
          disabled={mutation.isPending}
          error={problem}
        />
        {mutation.isPending && (
          <Progress
            // A sliver from the start, so the bar shows before the first progress event arrives.
            value={Math.max(4, Math.round(progress * 100))}
            animated
            size="lg"
            aria-label={t('upload.progress', { name: client.name })}
          />
        )}
        <Button onClick={submit} loading={false} disabled={mutation.isPending} w="fit-content" aria-describedby={headingId}>
          {mutation.isPending ? t('upload.busy') : t('upload.submit')}
        </Button>
      </Stack>
    </Card>
  );
}

function PaperList({ documents }: { documents: DocumentMeta[] }) {
  const { t, i18n } = useTranslation('lawyers');
  if (documents.length === 0) return <Text size="sm">{t('papers.none')}</Text>;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <List size="sm" spacing={4}>
      {documents.map((d) => (
        <List.Item key={d.id} style={{ overflowWrap: 'anywhere' }}>
          <Anchor href={d.url} target="_blank" rel="noopener">
            {d.filename}
          </Anchor>{' '}
          <Text span size="sm" c="dimmed">
            {d.uploadedBy
              ? t('papers.by', { name: d.uploadedBy.name, date: date.format(new Date(d.createdAt)) })
              : date.format(new Date(d.createdAt))}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
