// /parent-consent?token=…: a parent or guardian confirms a child's sign-up (docs/decisions/0053-notice-and-consent.md).
// The token goes in a POST body; opening the page changes nothing until the button is pressed.
import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '#client/app/paths.ts';
import { Loading } from '#client/components/loading.tsx';
import { WRAPPING_LABEL } from '#client/components/wrapping-label.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { confirmParentLink, lookUpParentLink } from './privacy.api.ts';

export function ParentConsentPage() {
  const { t } = useTranslation('privacy');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useQuery({ queryKey: ['parent-consent', token], queryFn: () => lookUpParentLink(token), retry: false, enabled: !!token });
  const confirm = useMutation({ mutationFn: () => confirmParentLink(token) });
  const done = confirm.data?.confirmed ?? preview.data?.confirmed ?? false;
  return (
    <Container size={480} px="sm" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {t('parent.title')}
          </Title>
          {preview.isPending && token ? (
            <Loading label={t('parent.title')} />
          ) : preview.error || !token ? (
            <Alert color="red" variant="light" role="alert">
              <Text size="sm" c="red.9">
                {preview.error ? errorText(preview.error) : t('parent.noLink')}
              </Text>
            </Alert>
          ) : preview.data ? (
            <>
              <Text style={{ overflowWrap: 'anywhere' }}>
                {t('parent.body', { name: preview.data.childName, email: preview.data.childEmail })}
              </Text>
              <Anchor component={Link} to={paths.privacy}>
                {t('readNotice')}
              </Anchor>
              {done ? (
                <Text fw={600} role="status">
                  {t('parent.done', { name: preview.data.childName })}
                </Text>
              ) : (
                <>
                  <Text size="sm">{t('parent.check')}</Text>
                  {confirm.error && (
                    <Text size="sm" c="red.9" role="alert">
                      {errorText(confirm.error)}
                    </Text>
                  )}
                  <Button onClick={() => confirm.mutate()} loading={confirm.isPending} styles={WRAPPING_LABEL}>
                    {t('parent.confirm')}
                  </Button>
                </>
              )}
            </>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}
