// /family-case names each prisoner before their cases: who follows them, an invitation for another
// relative (a code to read out and a link), and leaving (docs/decisions/0050-relatives-join-by-invitation.md).
import { Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowedPrisoner, Invitation } from '#shared/prisoner-followers.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useFormatDay } from '#client/lib/format-day.ts';
import { useInvite, useLeavePrisoner } from './family.api.ts';
import { WRAPPING_LABEL } from './withdraw-request-button.tsx';

/** The name as typed, with its Latin form when that differs; "Name not given" when empty. */
export function usePrisonerName() {
  const { t } = useTranslation('family');
  return (p: Pick<FollowedPrisoner, 'name' | 'nameLatin'>) => {
    if (!p.name) return t('follow.nameNotGiven');
    return p.nameLatin && p.nameLatin !== p.name ? `${p.name} (${p.nameLatin})` : p.name;
  };
}

export function PrisonerHeading({ prisoner, titleId }: { prisoner: FollowedPrisoner; titleId: string }) {
  const { t } = useTranslation('family');
  const formatDay = useFormatDay();
  const nameOf = usePrisonerName();
  const name = nameOf(prisoner);
  const errorText = useErrorText();
  const invite = useInvite();
  const leave = useLeavePrisoner();
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [confirming, setConfirming] = useState(false);
  const followers = prisoner.followers.map((f) => (f.you ? t('follow.you') : f.relation ? `${f.name} (${f.relation})` : f.name)).join(', ');
  const ask = () => invite.mutate(prisoner.id, { onSuccess: (inv) => setInvitation(inv), onError: (err) => notify.error(errorText(err)) });
  const stop = () =>
    leave.mutate(prisoner.id, {
      onSuccess: () => notify.success(t('follow.left', { name })),
      onError: (err) => notify.error(errorText(err)),
    });
  return (
    <Stack gap="xs">
      <Title order={2} id={titleId} style={{ overflowWrap: 'anywhere' }}>
        {t('follow.prisoner', { name })}
      </Title>
      <Text size="sm">{t('follow.followers', { names: followers })}</Text>
      <Group gap="sm">
        <Button
          variant="outline"
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={ask}
          loading={invite.isPending}
          styles={WRAPPING_LABEL}
        >
          {t('follow.invite')}
        </Button>
        {prisoner.canLeave && !confirming && (
          <Button variant="outline" color="red.9" onClick={() => setConfirming(true)} styles={WRAPPING_LABEL}>
            {t('follow.leave')}
          </Button>
        )}
      </Group>
      {invitation && (
        <Paper withBorder p="sm" radius="md" role="region" aria-label={t('follow.invitationLabel')}>
          <Stack gap={6}>
            <Text size="sm">{t('follow.inviteIntro', { date: formatDay(invitation.expiresAt.slice(0, 10)) })}</Text>
            <Text size="sm" fw={600}>
              {t('follow.code')}
            </Text>
            <Text ff="monospace" fz={28} fw={700} data-testid="invite-code" style={{ letterSpacing: '0.08em' }}>
              {invitation.code}
            </Text>
            <Text size="sm" fw={600}>
              {t('follow.link')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {invitation.link}
            </Text>
            <CopyButton value={invitation.link}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} w="fit-content">
                  {copied ? t('follow.copied') : t('follow.copyLink')}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Paper>
      )}
      {!prisoner.canLeave && <Text size="sm">{t('follow.onlyYou', { name })}</Text>}
      {confirming && (
        <Paper withBorder p="sm" radius="md" role="group" aria-labelledby={`${titleId}-leave`}>
          <Stack gap="xs">
            <Text fw={600} id={`${titleId}-leave`}>
              {t('follow.leaveTitle', { name })}
            </Text>
            <Text size="sm">{t('follow.leaveBody')}</Text>
            <Group gap="sm">
              <Button color="red.9" onClick={stop} loading={leave.isPending} styles={WRAPPING_LABEL}>
                {t('follow.leaveYes')}
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('follow.cancel')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
