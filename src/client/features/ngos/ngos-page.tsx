// /ngos: the jail authority's NGO management (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong; not in the original, where NGOs were
// edited by hand in the database): list, add, edit, and who is assigned to each (a page at a time, 'Show more').
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { IconPencil, IconPlus, IconUsers } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ngo } from '#shared/ngos.ts';
import { paths } from '#client/app/paths.ts';
import { HomeButton } from '#client/components/home-button.tsx';
import { Loading } from '#client/components/loading.tsx';
import { Page } from '#client/components/page.tsx';
import { NgoFormModal } from './ngo-form.tsx';
import { ngoMembersQuery, ngosQuery } from './ngos.api.ts';
import { PhoneText } from '#client/components/phone-text.tsx';
import { QueryError } from '#client/components/query-error.tsx';
import { ShowMore } from '#client/components/show-more.tsx';

export function NgosPage() {
  const { t } = useTranslation('ngos');
  const query = useQuery(ngosQuery);
  // null: adding a new NGO; an NGO: editing it; undefined: no form open.
  const [editing, setEditing] = useState<Ngo | null | undefined>(undefined);
  const items = query.data?.items ?? [];
  return (
    <Page title={t('title')} size="lg">
      <Text>{t('intro')}</Text>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing(null)} w="fit-content">
        {t('add')}
      </Button>
      {query.isPending ? (
        <Loading label={t('loading')} />
      ) : query.error ? (
        <QueryError error={query.error} />
      ) : items.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <Stack gap="sm">
          {items.map((ngo) => (
            <NgoCard key={ngo.id} ngo={ngo} onEdit={() => setEditing(ngo)} />
          ))}
        </Stack>
      )}
      <NgoFormModal ngo={editing ?? null} opened={editing !== undefined} onClose={() => setEditing(undefined)} />
      <HomeButton to={paths.jailHome} />
    </Page>
  );
}

function NgoCard({ ngo, onEdit }: { ngo: Ngo; onEdit: () => void }) {
  const { t } = useTranslation('ngos');
  const [showMembers, setShowMembers] = useState(false);
  const membersId = useId();
  return (
    <Card withBorder padding="md" component="article" aria-label={ngo.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {ngo.name}
          </Title>
          <Badge color={ngo.seatsFree > 0 ? 'teal.9' : 'red.9'} variant="filled" radius="sm" style={{ textTransform: 'none' }}>
            {t('seats', { count: ngo.seatsFree })}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
          <Fact label={t('field.address')} value={ngo.address} />
          <Fact label={t('field.contactInfo')} value={<PhoneText text={ngo.contactInfo} />} />
          <Fact label={t('field.report')} value={ngo.report || t('noReport')} />
          <Fact label={t('assigned.label')} value={t('assigned.count', { count: ngo.assignedCount })} />
        </SimpleGrid>
        <Group gap="xs">
          <Button
            variant="outline"
            leftSection={<IconPencil size={18} aria-hidden />}
            onClick={onEdit}
            aria-label={t('editFor', { name: ngo.name })}
          >
            {t('edit')}
          </Button>
          <Button
            variant="subtle"
            leftSection={<IconUsers size={18} aria-hidden />}
            aria-expanded={showMembers}
            aria-controls={membersId}
            disabled={ngo.assignedCount === 0}
            onClick={() => setShowMembers((s) => !s)}
          >
            {showMembers ? t('assigned.hide') : t('assigned.show')}
          </Button>
        </Group>
        <div id={membersId} hidden={!showMembers}>
          {showMembers && <AssignedMembers ngoId={ngo.id} />}
        </div>
      </Stack>
    </Card>
  );
}

function AssignedMembers({ ngoId }: { ngoId: string }) {
  const { t, i18n } = useTranslation('ngos');
  const query = useInfiniteQuery(ngoMembersQuery(ngoId));
  if (query.isPending) return <Loading label={t('loading')} />;
  if (query.error && !query.data) return <QueryError error={query.error} />;
  const data = query.data;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" id={`${ngoId}-assigned`}>
        {t('assigned.caption')}
      </Text>
      <List spacing="xs" listStyleType="none" p={0} m={0} aria-labelledby={`${ngoId}-assigned`}>
        {data.items.map((m) => (
          <List.Item key={m.id}>
            <Text fw={600}>{m.name}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('member.line', {
                email: m.email,
                phone: m.phone,
                date: new Date(m.assignedAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
              })}
            </Text>
          </List.Item>
        ))}
      </List>
      <ShowMore query={query} label={t('assigned.more')} />
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {value}
      </Text>
    </div>
  );
}
