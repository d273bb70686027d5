// An empty member list says why: no family member at all, or none matching the
// search or filter, with a way back to the whole list.
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MembersParams } from './jail.api.ts';

export function MembersEmpty({ params, onClear }: { params: MembersParams; onClear: () => void }) {
  const { t } = useTranslation('jail');
  if (!params.q && !params.filter) return <Text>{t('dashboard.empty')}</Text>;
  return (
    <Stack gap="xs" role="status">
      <Text>{params.q ? t('dashboard.noMatch', { q: params.q }) : t('dashboard.noMatchFilter')}</Text>
      <Button variant="outline" w="fit-content" onClick={onClear}>
        {t('dashboard.showAll')}
      </Button>
    </Stack>
  );
}
