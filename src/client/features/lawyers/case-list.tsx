import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CaseSummary } from '#shared/lawyers.ts';

/** A family member's cases (the spec's (docs/spec.md) case id, type and detail), one row each; stacks on phones. */
/** Cases as a request or a client shows them; a pending request names each case's prisoner first. */
export function CaseList({ cases }: { cases: (Omit<CaseSummary, 'prisonerName'> & { prisonerName?: string })[] }) {
  const { t } = useTranslation('lawyers');
  if (cases.length === 0) return <Text size="sm">{t('cases.none')}</Text>;
  return (
    <Stack gap="xs">
      {cases.map((c) => (
        <Table key={c.id} withTableBorder variant="vertical" layout="fixed" fz="sm">
          <Table.Tbody>
            {c.prisonerName !== undefined && (
              <Table.Tr>
                <Table.Th w="35%" scope="row">
                  {t('cases.prisoner')}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.prisonerName || t('cases.prisonerNotGiven')}</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th w="35%" scope="row">
                {t('cases.id')}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.caseNumber}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('cases.type')}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{t(`type.${c.caseType}`, { defaultValue: c.caseType })}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('cases.detail')}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{c.detail}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      ))}
    </Stack>
  );
}

/** A label and a value on one line that wraps on narrow screens. */
export function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="sm">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}
