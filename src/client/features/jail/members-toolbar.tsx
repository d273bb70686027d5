// Search, filter, page size and pages for the dashboard and the bail page (server-side, docs/design.md#5-quality-bars-every-change-keeps).
import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight, IconSearch, IconX } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_FILTERS, SEARCH_MAX, type MemberFilter, type MembersPage } from '#shared/jail.ts';
import { ELIGIBLE_SOON_DAYS } from '#shared/release.ts';
import type { MembersParams } from './jail.api.ts';
import { PAGE_SIZES } from './use-members-params.ts';

export function MembersToolbar({ params, onChange }: { params: MembersParams; onChange: (change: Partial<MembersParams>) => void }) {
  const { t } = useTranslation('jail');
  const [text, setText] = useState(params.q);
  const [shown, setShown] = useState(params.q);
  // The address changed (back button, a link): show its search in the box.
  if (shown !== params.q) {
    setShown(params.q);
    setText(params.q);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ q: text.trim() });
  };
  return (
    <Stack gap="xs">
      <form role="search" onSubmit={submit} aria-label={t('search.label')}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            type="search"
            maxLength={SEARCH_MAX}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 0 }}
            rightSection={
              text ? (
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  aria-label={t('search.clear')}
                  onClick={() => {
                    setText('');
                    if (params.q) onChange({ q: '' });
                  }}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              ) : null
            }
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('search.submit')}
          </Button>
        </Group>
      </form>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NativeSelect
          label={t('filter.label')}
          style={{ flex: 1, minWidth: 0 }}
          maw={360}
          value={params.filter}
          onChange={(e) => onChange({ filter: e.currentTarget.value as MemberFilter | '' })}
          data={[
            { value: '', label: t('filter.all') },
            ...MEMBER_FILTERS.map((f) => ({ value: f, label: t(`filter.${f}`, { days: ELIGIBLE_SOON_DAYS }) })),
          ]}
        />
        <NativeSelect
          label={t('pageSize.label')}
          value={String(params.pageSize)}
          onChange={(e) => onChange({ pageSize: Number(e.currentTarget.value) })}
          data={PAGE_SIZES.map((n) => String(n))}
          w={100}
        />
      </Group>
    </Stack>
  );
}

/**
 * First, previous, next and last page (keyset pages, any page costs the server what the
 * first does, so there is no jumping to page 4,000 by number).
 */
export function MembersPager({ data, onChange }: { data: MembersPage; onChange: (change: Partial<MembersParams>) => void }) {
  const { t, i18n } = useTranslation('jail');
  const { page, pageSize, total } = data;
  const fmt = (n: number) => n.toLocaleString(i18n.language);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 || data.items.length === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, (page - 1) * pageSize + data.items.length);
  const go = (change: Partial<MembersParams>) => {
    onChange(change);
    window.scrollTo({ top: 0 });
  };
  const prev = data.prevCursor;
  const next = data.nextCursor;
  const controls: { key: 'first' | 'previous' | 'next' | 'last'; icon: ReactNode; change: Partial<MembersParams> | null }[] = [
    { key: 'first', icon: <IconChevronsLeft size={18} aria-hidden />, change: prev ? { page: 1 } : null },
    {
      key: 'previous',
      icon: <IconChevronLeft size={18} aria-hidden />,
      change: prev ? (page <= 2 ? { page: 1 } : { page: page - 1, before: prev }) : null,
    },
    { key: 'next', icon: <IconChevronRight size={18} aria-hidden />, change: next ? { page: page + 1, after: next } : null },
    // A search with more matches than it counts has no known last page.
    { key: 'last', icon: <IconChevronsRight size={18} aria-hidden />, change: next && !data.totalCapped ? { last: true } : null },
  ];
  const button = (c: (typeof controls)[number]) => (
    <ActionIcon
      key={c.key}
      variant="default"
      size="lg"
      aria-label={t(`pager.${c.key}`)}
      disabled={!c.change}
      onClick={() => c.change && go(c.change)}
    >
      {c.icon}
    </ActionIcon>
  );
  return (
    <Stack gap={6} align="center">
      <Text size="sm" aria-live="polite">
        {t('pager.showing', { from: fmt(from), to: fmt(to), total: data.totalCapped ? `${fmt(total)}+` : fmt(total) })}
      </Text>
      {data.totalCapped && (
        <Text size="sm" c="dimmed">
          {t('pager.more')}
        </Text>
      )}
      {(prev || next) && (
        <nav aria-label={t('pager.label')}>
          <Group gap="xs" wrap="nowrap">
            {controls.slice(0, 2).map(button)}
            <Text size="sm" aria-current="page" px="xs">
              {t('pager.page', { page: `${fmt(page)} / ${data.totalCapped ? '…' : fmt(pages)}` })}
            </Text>
            {controls.slice(2).map(button)}
          </Group>
        </nav>
      )}
    </Stack>
  );
}
