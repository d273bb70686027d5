// /access-log: the administrator's breach question — whose records did this account read between two
// times (docs/breach-runbook.md, docs/decisions/0049-access-log.md). A page at a time, newest first.
import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAccessRow } from '#shared/access-log.ts';
import { Loading } from '#client/components/loading.tsx';
import { Page } from '#client/components/page.tsx';
import { QueryError } from '#client/components/query-error.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { adminAccessQuery, type AccountQuestion } from './access-log.api.ts';
import { useAccessText, useFormatTime } from './access-texts.ts';

/** A datetime-local value (India's time, as the form shows it) as an ISO instant. */
const istToIso = (local: string) => new Date(`${local}:00+05:30`).toISOString();
const isoDay = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 16);

export function AdminAccessLogPage() {
  const { t } = useTranslation('accessLog');
  const [account, setAccount] = useState('');
  // The last week, to the end of this minute, as the form opens.
  const [from, setFrom] = useState(() => isoDay(Date.now() - 7 * 86_400_000));
  const [to, setTo] = useState(() => isoDay(Date.now() + 60_000));
  const [question, setQuestion] = useState<AccountQuestion | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!account.trim() || !from || !to) return;
    setQuestion({ account: account.trim(), from: istToIso(from), to: istToIso(to) });
  };
  return (
    <Page title={t('admin.title')}>
      <Text>{t('admin.intro')}</Text>
      <Card withBorder padding="md" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label={t('admin.account')} required value={account} onChange={(e) => setAccount(e.currentTarget.value)} />
          <Group grow preventGrowOverflow={false} wrap="wrap">
            <TextInput
              type="datetime-local"
              label={t('admin.from')}
              required
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput type="datetime-local" label={t('admin.to')} required value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          </Group>
          <Button type="submit" w="fit-content">
            {t('admin.ask')}
          </Button>
        </Stack>
      </Card>
      {question && <Answer question={question} />}
    </Page>
  );
}

function Answer({ question }: { question: AccountQuestion }) {
  const { t } = useTranslation(['accessLog', 'common']);
  const query = useInfiniteQuery(adminAccessQuery(question));
  if (query.isPending) return <Loading label={t('loading', { ns: 'common' })} />;
  if (query.isError) return <QueryError error={query.error} />;
  const { account, rows } = query.data;
  return (
    <Stack gap="sm" aria-live="polite">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {t('admin.whose', { name: account.name, email: account.email, role: t(`role.${account.role}`) })}
      </Text>
      {rows.length === 0 ? (
        <Card withBorder padding="lg" role="status">
          <Text>{t('admin.none')}</Text>
        </Card>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row, i) => (
            <AdminRow key={`${row.at}-${i}`} row={row} />
          ))}
        </Stack>
      )}
      <ShowMore query={query} label={t('more')} />
    </Stack>
  );
}

function AdminRow({ row }: { row: AdminAccessRow }) {
  const { t } = useTranslation('accessLog');
  const did = useAccessText();
  const time = useFormatTime();
  return (
    <Card component="li" withBorder padding="sm">
      <Text size="sm" c="dimmed">
        <time dateTime={row.at}>{time(row.at)}</time>
      </Text>
      <Text fw={600}>{did(row.action, row.what)}</Text>
      {row.prisoner && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('admin.prisoner', { name: row.prisoner.name ?? row.prisoner.id })}
        </Text>
      )}
      {row.memberId && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('admin.member', { id: row.memberId })}
        </Text>
      )}
      {row.shown.length > 0 && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('admin.shown', { n: row.shown.length, ids: row.shown.join(', ') })}
        </Text>
      )}
    </Card>
  );
}
