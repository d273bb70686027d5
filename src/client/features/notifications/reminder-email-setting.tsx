// On the edit-profile screen: reminders may stop coming by email; the in-app
// notification always stays.
import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { preferencesQuery, useSavePreferences } from './notifications.api.ts';

export function ReminderEmailSetting() {
  const { t } = useTranslation('deadlines');
  const errorText = useErrorText();
  const query = useQuery(preferencesQuery);
  const save = useSavePreferences();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="reminder-emails-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="reminder-emails-title">
          {t('reminders.title')}
        </Title>
        <Switch
          label={t('reminders.label')}
          checked={query.data?.emailReminders ?? true}
          disabled={!query.data || save.isPending}
          onChange={(e) =>
            save.mutate(e.currentTarget.checked, {
              onSuccess: (d) => notify.success(d.emailReminders ? t('reminders.on') : t('reminders.off')),
              onError: (err) => notify.error(errorText(err)),
            })
          }
        />
        <Text size="sm">{t('reminders.help')}</Text>
      </Stack>
    </Card>
  );
}
