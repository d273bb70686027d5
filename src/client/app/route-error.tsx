import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '#client/lib/use-error-text.ts';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const errorText = useErrorText();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">
          {t('error.title')}
        </Title>
        <Text role="alert">{errorText(error)}</Text>
        <Button onClick={() => window.location.reload()} w="fit-content">
          {t('error.reload')}
        </Button>
      </Stack>
    </Container>
  );
}
