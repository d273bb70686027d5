// The sentence a family screen opens with: where things stand for one person in custody and the one
// next step, with an icon, its legal terms underlined and explained on tap (a popover, opened and
// closed with the keyboard too), and a Listen button. The decision is src/shared/family-status.ts; the
// words are src/client/lib/family-status-text.ts.
import { Button, Group, Paper, Popover, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconCircleCheck,
  IconGavel,
  IconHourglass,
  IconUserCheck,
  IconUserSearch,
  type Icon,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FamilyStatus, FamilyStatusKind } from '#shared/family-status.ts';
import { paths } from '#client/app/paths.ts';
import { ListenButton } from '#client/components/listen-button.tsx';
import { statusPieces, statusText, type StatusTerm } from '#client/lib/family-status-text.ts';

const LOOK: Record<FamilyStatusKind, { icon: Icon; color: string; bg: string }> = {
  released: { icon: IconCircleCheck, color: 'green.9', bg: 'green.0' },
  'bail-not-released': { icon: IconAlertTriangle, color: 'orange.9', bg: 'orange.0' },
  'default-bail-due': { icon: IconGavel, color: 'orange.9', bg: 'orange.0' },
  's479-eligible': { icon: IconGavel, color: 'orange.9', bg: 'orange.0' },
  's479-on-date': { icon: IconCalendarEvent, color: 'blue.9', bg: 'blue.0' },
  'no-lawyer': { icon: IconUserSearch, color: 'orange.9', bg: 'orange.0' },
  'lawyer-requested': { icon: IconHourglass, color: 'blue.9', bg: 'blue.0' },
  'lawyer-accepted': { icon: IconUserCheck, color: 'blue.9', bg: 'blue.0' },
};

/** A calendar day in a language: "15 सितंबर 2026". */
export function formatStatusDay(lang: string, iso: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

export function FamilyStatusLine({ status, withAction = false }: { status: FamilyStatus; withAction?: boolean }) {
  const { t, i18n } = useTranslation('plain');
  const lang = i18n.resolvedLanguage ?? 'en';
  const day = (iso: string) => formatStatusDay(lang, iso);
  const look = LOOK[status.status];
  const StatusIcon = look.icon;
  const toLawyers = status.next === 'request-lawyer' || status.next === 'legal-aid-now';
  return (
    <Paper withBorder p="sm" radius="md" bg={look.bg} data-testid="family-status" data-status={status.status}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <ThemeIcon variant="white" color={look.color} size="lg" radius="xl" aria-hidden>
          <StatusIcon size={22} />
        </ThemeIcon>
        <Stack gap="xs" style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="family-status-text">
            {statusPieces(t, status, day).map((p, i) =>
              p.term ? (
                <Term key={i} term={p.term}>
                  {p.text}
                </Term>
              ) : (
                <span key={i}>{p.text}</span>
              ),
            )}
          </Text>
          <Group gap="xs">
            <ListenButton
              text={statusText(t, status, day)}
              textIn={async (lng) => {
                await i18n.loadLanguages(lng);
                return statusText(i18n.getFixedT(lng, 'plain'), status, (iso) => formatStatusDay(lng, iso));
              }}
            />
            {withAction && (
              <Button size="xs" component={Link} to={toLawyers ? paths.lawyerSearch : paths.familyCase}>
                {t(toLawyers ? 'action.lawyers' : 'action.case')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** A legal term: underlined; a tap, Enter or Space shows what it means, Escape closes it. */
function Term({ term, children }: { term: StatusTerm; children: ReactNode }) {
  const { t } = useTranslation('plain');
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} width={280} position="bottom" withArrow shadow="md" returnFocus>
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          // Focus stays on the term while its meaning shows: Escape here closes it.
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpened(false);
          }}
          data-term={term}
          style={{
            display: 'inline',
            font: 'inherit',
            color: 'inherit',
            textDecoration: 'underline dotted',
            textDecorationThickness: 2,
            textUnderlineOffset: 3,
            cursor: 'help',
          }}
        >
          {children}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{t(`term.${term}`)}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
