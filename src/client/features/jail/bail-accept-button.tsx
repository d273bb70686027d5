// Bail-Accept with a confirmation naming the member (email, case ids, lawyer: two members can share
// a name) and, after it, an Undo for BAIL_UNDO_SECONDS. The server enforces the window and holds the
// emails until it has passed, so an undo in time tells nobody.
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BAIL_UNDO_SECONDS, type JailMember } from '#shared/jail.ts';
import { notify } from '#client/lib/notify.ts';
import { useSingleFlight } from '#client/lib/single-flight.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useAcceptBail, useUndoBail } from './jail.api.ts';
import { lawyerNames } from './lawyer-names.ts';
import { prisonerLabels } from './member-facts.tsx';

/** Until when a Bail-Accept decided at `decidedAt` can be undone (the server has the last word). */
export function undoDeadline(decidedAt: string): number {
  return new Date(decidedAt).getTime() + BAIL_UNDO_SECONDS * 1000;
}

/** Undo with its notices: the undo answers after a page may be gone (the notice's Undo outlives it). */
function useUndoBailWithNotice() {
  const { t } = useTranslation('jail');
  const errorText = useErrorText();
  return useUndoBail({ onSuccess: () => notify.success(t('bail.undone')), onError: (err) => notify.error(errorText(err)) });
}

/** The success notice's Undo (it outlives the page, which goes home after an acceptance). */
function UndoInNotice({ member }: { member: JailMember }) {
  const { t } = useTranslation('jail');
  const undo = useUndoBailWithNotice();
  return (
    <Stack gap={4}>
      <Text>{t('bail.accepted')}</Text>
      <Text size="sm">{t('bail.undoHint', { minutes: BAIL_UNDO_SECONDS / 60 })}</Text>
      <Button
        size="compact-md"
        variant="outline"
        w="fit-content"
        loading={undo.isPending}
        disabled={undo.isSuccess}
        onClick={() => undo.mutate(member.id)}
        aria-label={t('bail.undoFor', { name: member.name })}
      >
        {t('bail.undo')}
      </Button>
    </Stack>
  );
}

export function BailAcceptButton({ member, disabled, onAccepted }: { member: JailMember; disabled: boolean; onAccepted: () => void }) {
  const { t } = useTranslation('jail');
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  // A second tap before React re-renders must not send a second request.
  const flight = useSingleFlight();
  const accept = useAcceptBail({
    onSuccess: () => {
      setConfirming(false);
      notify.success(<UndoInNotice member={member} />, { autoClose: BAIL_UNDO_SECONDS * 1000 });
      onAccepted();
    },
    onError: (err) => {
      setConfirming(false);
      notify.error(errorText(err));
    },
  });
  const confirm = () => flight.run((done) => accept.mutate(member.id, { onSettled: done }));
  return (
    <>
      <Button onClick={() => setConfirming(true)} disabled={disabled} aria-label={t('bail.acceptFor', { name: member.name })}>
        {t('bail.accept')}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('bail.confirmTitle', { name: member.name })}
        closeButtonProps={{ 'aria-label': t('bail.close') }}
        centered
      >
        <Stack gap="sm">
          <Text>{t('bail.confirmBody')}</Text>
          <List spacing={4}>
            {prisonerLabels(member, (number) => t('member.prisonerNumber', { number })).map((label) => (
              <List.Item key={label} style={{ overflowWrap: 'anywhere' }}>
                {t('bail.confirmPrisoner', { name: label })}
              </List.Item>
            ))}
            <List.Item>{t('bail.confirmName', { name: member.name })}</List.Item>
            <List.Item style={{ overflowWrap: 'anywhere' }}>{t('bail.confirmEmail', { email: member.email })}</List.Item>
            {member.cases.length > 0 && (
              <List.Item>{t('bail.confirmCases', { cases: member.cases.map((c) => c.caseNumber).join(', ') })}</List.Item>
            )}
            <List.Item>{t('bail.confirmLawyer', { lawyer: lawyerNames(member.lawyers, t) })}</List.Item>
          </List>
          <Text size="sm">{t('bail.undoHint', { minutes: BAIL_UNDO_SECONDS / 60 })}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('bail.cancel')}
            </Button>
            <Button onClick={confirm} loading={accept.isPending}>
              {t('bail.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** On the card, while the server still allows it: Undo. */
export function BailUndoButton({ member }: { member: JailMember }) {
  const { t } = useTranslation('jail');
  const undo = useUndoBailWithNotice();
  const flight = useSingleFlight();
  const deadline = member.bailReview ? undoDeadline(member.bailReview.decidedAt) : 0;
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const left = deadline - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [deadline]);
  if (now >= deadline || !member.bailReview) return null;
  return (
    <Button
      variant="outline"
      color="red.9"
      onClick={() => flight.run((done) => undo.mutate(member.id, { onSettled: done }))}
      loading={undo.isPending}
      aria-label={t('bail.undoFor', { name: member.name })}
    >
      {t('bail.undo')}
    </Button>
  );
}
