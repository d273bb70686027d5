// A save refused because someone else saved first (409 stale_edit / ngo_changed): says so in the
// person's language, lists what is saved now where it differs from what the form was loaded with,
// and offers to load those values into the form. Nothing is overwritten until the person chooses to.
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface StaleRow {
  /** The field's label, translated. */
  label: string;
  /** What is saved now, formatted for the reader; '' shows as "(empty)". */
  value: string;
}

interface Props {
  /** The refusal itself, translated (useErrorText of the ApiError). */
  message: string;
  rows: StaleRow[];
  /** Who saved last, when known ("Superintendent Rao (jail authority)"). */
  by?: string | undefined;
  onLoad: () => void;
}

export function StaleEditNotice({ message, rows, by, onLoad }: Props) {
  const { t } = useTranslation('common');
  return (
    <Alert color="orange.9" title={t('staleEdit.title')} data-testid="stale-edit">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        {by && <Text size="sm">{t('staleEdit.by', { name: by })}</Text>}
        {rows.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              {t('staleEdit.now')}
            </Text>
            <List size="sm" spacing={2}>
              {rows.map((r) => (
                <List.Item key={r.label} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {t('staleEdit.row', { field: r.label, value: r.value || t('staleEdit.empty') })}
                </List.Item>
              ))}
            </List>
          </>
        )}
        <Button variant="outline" color="orange.9" onClick={onLoad} w="fit-content">
          {t('staleEdit.load')}
        </Button>
      </Stack>
    </Alert>
  );
}
