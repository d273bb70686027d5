// /upload-file: the family member's own bail paper, with an upload progress bar (docs/spec.md#2-screens-and-routes, §4, §5).
import { Anchor, Button, Card, FileInput, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '#shared/constants.ts';
import { ACCEPTED_UPLOAD, type DocumentMeta } from '#shared/documents.ts';
import { paths } from '#client/app/paths.ts';
import { HomeButton } from '#client/components/home-button.tsx';
import { Page } from '#client/components/page.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { documentsQuery, useUploadBailPaper } from './family.api.ts';
import { useFormatDateTime } from './format.ts';
import { RequireRegistration } from './require-registration.tsx';
import { FamilyStatusPanel } from './family-status-panel.tsx';

/** docs/spec.md#5-validation-rules: an image or a PDF (the server decides again from the file's bytes). */
const acceptable = (file: File) => file.type.startsWith('image/') || file.type === 'application/pdf';

/** Refusals whose own translated text tells the user what to do (size, quotas, uploads at once). */
const SHOWN_CODES = new Set([
  'payload_too_large',
  'empty_file',
  'not_registered',
  'upload_quota_exceeded',
  'storage_full',
  'too_many_uploads',
]);

export function UploadFilePage() {
  const { t } = useTranslation('family');
  return (
    <RequireRegistration loadingLabel={t('loading')}>
      <UploadBailPaper />
    </RequireRegistration>
  );
}

function UploadBailPaper() {
  const { t } = useTranslation('family');
  const errorText = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<DocumentMeta | null>(null);
  const mutation = useUploadBailPaper((f) => setProgress(Math.round(f * 100)));

  const choose = (f: File | null) => {
    setFile(f);
    setUploaded(null);
    setProgress(null);
    setFileError(
      !f
        ? null
        : !acceptable(f)
          ? t('upload.unsupported')
          : f.size > LIMITS.uploadMaxBytes
            ? t('upload.tooLarge')
            : f.size === 0
              ? t('upload.empty')
              : null,
    );
  };

  const start = () => {
    if (!file) {
      setFileError(t('upload.chooseFirst'));
      return;
    }
    if (fileError) {
      notify.error(fileError);
      return;
    }
    setProgress(0);
    mutation.mutate(file, {
      onSuccess: (doc) => {
        setUploaded(doc);
        setFile(null);
        notify.success(t('upload.success'));
      },
      onError: (err) => {
        setProgress(null);
        const message =
          err instanceof ApiError && (err.code === 'unsupported_media_type' || SHOWN_CODES.has(err.code))
            ? errorText(err)
            : t('upload.failed');
        setFileError(message);
        notify.error(message);
      },
    });
  };

  return (
    <Page title={t('upload.title')} size="sm" lead={<FamilyStatusPanel />}>
      <Text>{t('upload.intro')}</Text>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <FileInput
            label={t('upload.choose')}
            description={t('upload.hint')}
            placeholder={t('upload.placeholder')}
            accept={ACCEPTED_UPLOAD}
            value={file}
            onChange={choose}
            error={fileError}
            clearable

            clearButtonProps={{ 'aria-label': t('upload.clear') }}
            leftSection={<IconFileUpload size={18} aria-hidden />}
          />
          <Button onClick={start} loading={mutation.isPending} leftSection={<IconUpload size={18} aria-hidden />} w="fit-content">
            {t('upload.submit')}
          </Button>
          {progress !== null && (
            <Stack gap={4}>
              <Progress value={progress} size="lg" aria-label={t('upload.progress')} animated={mutation.isPending} />
              <Text size="sm" aria-live="polite">
                {mutation.isPending ? t('upload.uploading', { percent: progress }) : uploaded ? t('upload.done') : ''}
              </Text>
            </Stack>
          )}
          {uploaded && (
            <Anchor href={uploaded.url} target="_blank" rel="noopener" fw={600}>
              {t('upload.view')}
            </Anchor>
          )}
        </Stack>
      </Card>
      <UploadedPapers />
      <Group gap="sm">
        <Button component={Link} to={paths.familyCase} variant="outline">
          {t('upload.toCaseStatus')}
        </Button>
        <HomeButton to={paths.familyHome} />
      </Group>
    </Page>
  );
}

function UploadedPapers() {
  const { t } = useTranslation('family');
  const formatDateTime = useFormatDateTime();
  const { data } = useQuery(documentsQuery);
  if (!data || data.documents.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="papers-title">
      <Title order={2} size="h4" id="papers-title">
        {t('upload.papers')}
      </Title>
      <List spacing={4}>
        {data.documents.map((d) => (
          <List.Item key={d.id}>
            <Anchor href={d.url} target="_blank" rel="noopener" style={{ overflowWrap: 'anywhere' }}>
              {d.filename}
            </Anchor>{' '}
            <Text span size="sm" c="dimmed">
              {t('upload.paperBy', {
                name: d.uploadedBy?.name ?? t('upload.unknownUploader'),
                when: formatDateTime(d.createdAt),
              })}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
