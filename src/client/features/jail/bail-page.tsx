// /bail-page, Bail Consideration Application (docs/spec.md#2-screens-and-routes, §4): each family member with their lawyer,
// 'View Bail Paper' (every paper, newest first, the spec's (docs/spec.md) "first accepted" one marked) and Bail-Accept.
import { Anchor, Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { JailMember } from '#shared/jail.ts';
import { paths } from '#client/app/paths.ts';
import { HomeButton } from '#client/components/home-button.tsx';
import { Page } from '#client/components/page.tsx';
import { BailAcceptButton, BailUndoButton } from './bail-accept-button.tsx';
import { MemberFacts, MemberHeader } from './member-facts.tsx';
import { MembersList, useMembersList } from './members-list.tsx';

export function BailPage() {
  const { t } = useTranslation('jail');
  const list = useMembersList();
  return (
    <Page title={t('bail.title')} size="lg">
      <MembersList list={list} card={(m) => <BailCard key={m.id} member={m} />} />
      <HomeButton to={paths.jailHome} />
    </Page>
  );
}

function BailCard({ member }: { member: JailMember }) {
  const { t, i18n } = useTranslation('jail');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const papersId = useId();
  const hasPaper = member.documents.length > 0;
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Card withBorder padding="md" component="article" aria-label={member.name}>
      <Stack gap="sm">
        <MemberHeader member={member} />
        <MemberFacts member={member} withCases={false} />
        {member.bailReview && (
          <Text fw={600} c="teal.9">
            {t('bail.acceptedOn', { date: date(member.bailReview.decidedAt) })}
          </Text>
        )}
        <Group gap="xs">
          <Button
            variant="outline"
            leftSection={<IconFileText size={18} aria-hidden />}
            aria-expanded={open}
            aria-controls={papersId}
            disabled={!hasPaper}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? t('bail.hidePaper') : t('bail.viewPaper')}
          </Button>
          {member.bailReview ? (
            <BailUndoButton member={member} />
          ) : (
            <BailAcceptButton member={member} disabled={!hasPaper} onAccepted={() => void navigate(paths.jailHome)} />
          )}
        </Group>
        {!hasPaper && <Text size="sm">{t('bail.noPaper')}</Text>}
        <div id={papersId} hidden={!open}>
          {open && (
            <List spacing="xs" listStyleType="none" p={0} m={0} styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
              {member.documents.map((d) => {
                const first = d.id === member.firstLawyerPaperId;
                return (
                  <List.Item key={d.id}>
                    <Card
                      withBorder
                      padding="xs"
                      radius="sm"
                      bg={first ? 'blue.0' : undefined}
                      style={first ? { borderColor: 'var(--mantine-color-blue-8)', borderWidth: 2 } : undefined}
                    >
                      <Group gap="xs" wrap="wrap">
                        <Anchor href={d.url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
                          {d.filename}
                        </Anchor>
                        {first && (
                          <Badge color="blue.8" variant="filled" radius="sm" style={{ textTransform: 'none' }}>
                            {t('bail.firstLawyerPaper')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm">
                        {d.uploadedBy
                          ? t('bail.uploadedBy', { name: d.uploadedBy.name, role: t(`role.${d.uploadedBy.role}`), date: date(d.createdAt) })
                          : t('bail.uploadedOn', { date: date(d.createdAt) })}
                      </Text>
                    </Card>
                  </List.Item>
                );
              })}
            </List>
          )}
        </div>
      </Stack>
    </Card>
  );
}
