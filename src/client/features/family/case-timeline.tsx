// Where a case stands, event by event in time order.
import { Anchor, Text, ThemeIcon, Timeline } from '@mantine/core';
import {
  IconCheck,
  IconFileUpload,
  IconFolderPlus,
  IconGavel,
  IconHome,
  IconPencil,
  IconPrinter,
  IconSend,
  IconArrowBackUp,
  IconUserMinus,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TimelineEvent } from '#shared/family.ts';
import { useFormatDateTime } from './format.ts';

const ICONS = {
  case_added: IconFolderPlus,
  lawyer_requested: IconSend,
  lawyer_accepted: IconCheck,
  lawyer_declined: IconX,
  lawyer_withdrawn: IconArrowBackUp,
  lawyer_ended: IconUserMinus,
  bail_paper: IconFileUpload,
  bail_accepted: IconGavel,
  ngo_assigned: IconHome,
  facts_changed: IconPencil,
  application_printed: IconPrinter,
} as const;

export function CaseTimeline({ events, caseNumber }: { events: TimelineEvent[]; caseNumber: string }) {
  const { t } = useTranslation('family');
  const formatDateTime = useFormatDateTime();
  return (
    <Timeline active={events.length - 1} bulletSize={26} lineWidth={2} aria-label={t('timeline.label', { caseNumber })}>
      {events.map((e, i) => {
        const Icon = ICONS[e.kind];
        return (
          <Timeline.Item
            key={`${e.kind}-${e.at}-${i}`}
            bullet={
              <ThemeIcon size={26} radius="xl" color={e.kind === 'lawyer_declined' ? 'red.8' : 'blue.8'}>
                <Icon size={14} aria-hidden />
              </ThemeIcon>
            }
            title={<EventTitle event={e} />}
          >
            <Text size="sm" c="dimmed">
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
            </Text>
            {e.kind === 'bail_paper' && (
              <Anchor href={e.document.url} target="_blank" rel="noopener" size="sm">
                {t('timeline.openPaper', { filename: e.document.filename })}
              </Anchor>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

function EventTitle({ event: e }: { event: TimelineEvent }) {
  const { t } = useTranslation('family');
  switch (e.kind) {
    case 'case_added':
      return t('timeline.case_added');
    case 'lawyer_requested':
      return t('timeline.lawyer_requested', { name: e.lawyer.name, status: t(`status.${e.status}`) });
    case 'lawyer_accepted':
      return t('timeline.lawyer_accepted', { name: e.lawyer.name });
    case 'lawyer_declined':
      return t('timeline.lawyer_declined', { name: e.lawyer.name });
    case 'lawyer_withdrawn':
      return t('timeline.lawyer_withdrawn', { name: e.lawyer.name });
    case 'lawyer_ended':
      return t('timeline.lawyer_ended', { name: e.lawyer.name });
    case 'bail_paper':
      return e.document.uploadedBy
        ? t('timeline.bail_paper', { name: e.document.uploadedBy.name, role: t(`role.${e.document.uploadedBy.role}`) })
        : t('timeline.bail_paper_unknown');
    case 'bail_accepted':
      return t('timeline.bail_accepted');
    case 'ngo_assigned':
      return t('timeline.ngo_assigned', { name: e.ngo.name });
    case 'facts_changed':
      return t('timeline.facts_changed', { name: e.by.name ?? '—', role: e.by.role ? t(`role.${e.by.role}`) : '' });
    case 'application_printed':
      return t('timeline.application_printed', { name: e.by.name ?? '—', role: e.by.role ? t(`role.${e.by.role}`) : '' });
  }
}
