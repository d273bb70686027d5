// /find-prisoner (a jail clerk: their prison's prisoners) and /dlsa (the DLSA: their district's, with
// what each needs): search by name in any script, prisoner number, FIR or case number, relative's name
// (docs/decisions/0046-prisoner-and-prisons.md#search).
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrisonerHit } from '#shared/prisoners.ts';
import { Page } from '#client/components/page.tsx';
import { QueryList } from '#client/components/query-state.tsx';
import { prisonerSearchQuery } from './prisons.api.ts';
import { BailDeskSection } from './bail-desk.tsx';

export function FindPrisonerPage({ desk }: { desk: 'jail' | 'dlsa' }) {
  const { t } = useTranslation('prisons');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [after, setAfter] = useState<string | null>(null);
  const query = useQuery(prisonerSearchQuery(q, after));
  return (
    <Page title={desk === 'dlsa' ? t('dlsaDesk.title') : t('find.title')}>
      <Text size="sm">{desk === 'dlsa' ? t('dlsaDesk.intro') : t('find.intro')}</Text>
      {desk === 'dlsa' && <BailDeskSection />}
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setAfter(null);
          setQ(typed.trim());
        }}
      >
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('find.label')}
            description={t('find.hint')}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            maxLength={120}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit">{t('find.submit')}</Button>
        </Group>
      </form>
      <QueryList
        query={query}
        loadingLabel={t('loading')}
        items={(d) => d.prisoners}
        empty={<Text>{q ? t('find.none', { q }) : t('find.empty')}</Text>}
        listLabel={t('find.results')}
      >
        {(p) => <PrisonerCard key={p.id} prisoner={p} />}
      </QueryList>
      {query.data?.nextCursor && (
        <Button variant="outline" onClick={() => setAfter(query.data?.nextCursor ?? null)}>
          {t('find.more')}
        </Button>
      )}
    </Page>
  );
}

function PrisonerCard({ prisoner: p }: { prisoner: PrisonerHit }) {
  const { t } = useTranslation('prisons');
  return (
    <Card component="li" withBorder padding="sm">
      <Stack gap={4}>
        <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {p.name || t('find.nameMissing')}
          {p.nameLatin && p.nameLatin !== p.name ? ` (${p.nameLatin})` : ''}
        </Title>
        <Text size="sm">
          {t(`status.${p.status}`)}
          {p.prisonName ? ` · ${p.prisonName}` : ''}
          {p.prisonerNumber ? ` · ${t('find.number', { number: p.prisonerNumber })}` : ''}
        </Text>
        {p.relativeName && <Text size="sm">{t('find.relative', { name: p.relativeName })}</Text>}
        {p.familyMemberName && <Text size="sm">{t('find.family', { name: p.familyMemberName })}</Text>}
        {p.needs.length > 0 && (
          <Group gap={4}>
            {p.needs.map((n) => (
              <Badge key={n} color="red.9" variant="outline">
                {t(`need.${n}`)}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
