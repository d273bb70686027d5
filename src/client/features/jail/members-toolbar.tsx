// Search, filter, page size and pages for the dashboard and the bail page (server-side, issue 5).
import { ActionIcon, Button, Group, NativeSelect, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_FILTERS, SEARCH_MAX, type MemberFilter } from '#shared/jail.ts';
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
          data={[{ value: '', label: t('filter.all') }, ...MEMBER_FILTERS.map((f) => ({ value: f, label: t(`filter.${f}`) }))]}
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

export function MembersPager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('jail');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Stack gap={6} align="center">
      <Text size="sm" aria-live="polite">
        {t('pager.showing', { from, to, total })}
      </Text>
      {pages > 1 && (
        <nav aria-label={t('pager.label')}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(p) => {
              onPage(p);
              window.scrollTo({ top: 0 });
            }}
            size="sm"
            siblings={1}
            boundaries={1}
            getItemProps={(p) => ({ 'aria-label': t('pager.page', { page: p }), 'aria-current': p === page ? 'page' : undefined })}
            getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
          />
        </nav>
      )}
    </Stack>
  );
}
