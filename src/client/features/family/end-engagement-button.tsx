// "End this lawyer's engagement" on an accepted lawyer, behind a confirmation that names the lawyer.
// The server decides: if the engagement ended a moment earlier (another tab), the 409 is shown and
// the case status reloads as it now stands. The safe choice comes first and has the focus, as in the
// app's other confirmations.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseLawyer } from '#shared/family.ts';
import { notify } from '#client/lib/notify.ts';
import { useSingleFlight } from '#client/lib/single-flight.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useEndEngagement } from './family.api.ts';
import { WRAPPING_LABEL } from './withdraw-request-button.tsx';

export function EndEngagementButton({ engagement }: { engagement: CaseLawyer }) {
  const { t } = useTranslation('family');
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  // A second tap before React re-renders must not send a second request.
  const flight = useSingleFlight();
  const end = useEndEngagement();
  const confirm = () =>
    flight.run((done) =>
      end.mutate(engagement.requestId, {
        onSuccess: (res) => {
          setConfirming(false);
          notify.success(t('end.done', { name: res.lawyer.name }));
        },
        onError: (err) => {
          setConfirming(false);
          notify.error(errorText(err));
        },
        onSettled: done,
      }),
    );
  return (
    <>
      <Button variant="outline" color="red.9" onClick={() => setConfirming(true)} disabled={end.isPending} styles={WRAPPING_LABEL}>
        {t('end.buttonFor', { name: engagement.name })}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('end.confirmTitle', { name: engagement.name })}
        closeButtonProps={{ 'aria-label': t('end.close') }}
        centered
      >
        <Stack gap="sm">
          <Text>{t('end.confirmBody', { name: engagement.name })}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('end.cancel')}
            </Button>
            <Button color="red.9" onClick={confirm} loading={end.isPending}>
              {t('end.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
