// "Withdraw request" on a pending lawyer request, behind a confirmation. The server decides: if the
// lawyer answered a moment earlier, the 409 is shown and the case status reloads as it now stands.
// The button names its lawyer in its text (two pending requests side by side), and the dialog's safe
// choice comes first and has the focus, as in the app's other confirmations.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CaseLawyer } from '#shared/family.ts';
import { paths } from '#client/app/paths.ts';
import { WRAPPING_LABEL } from '#client/components/wrapping-label.ts';
import { notify } from '#client/lib/notify.ts';
import { useSingleFlight } from '#client/lib/single-flight.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useWithdrawRequest } from './family.api.ts';

/** A long name wraps inside the button rather than pushing it off a phone's screen. */
export { WRAPPING_LABEL };

export function WithdrawRequestButton({
  request,
  onWithdrawn,
}: {
  request: Pick<CaseLawyer, 'requestId' | 'name'>;
  onWithdrawn?: () => void;
}) {
  const { t } = useTranslation('family');
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  // A second tap before React re-renders must not send a second request.
  const flight = useSingleFlight();
  const withdraw = useWithdrawRequest();
  const confirm = () =>
    flight.run((done) =>
      withdraw.mutate(request.requestId, {
        onSuccess: (res) => {
          setConfirming(false);
          notify.success(t('withdraw.done', { name: res.lawyer.name }));
          onWithdrawn?.();
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
      <Button variant="outline" color="red.9" onClick={() => setConfirming(true)} disabled={withdraw.isPending} styles={WRAPPING_LABEL}>
        {t('withdraw.buttonFor', { name: request.name })}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('withdraw.confirmTitle', { name: request.name })}
        closeButtonProps={{ 'aria-label': t('withdraw.close') }}
        centered
      >
        <Stack gap="sm">
          <Text>{t('withdraw.confirmBody', { name: request.name })}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('withdraw.cancel')}
            </Button>
            <Button color="red.9" onClick={confirm} loading={withdraw.isPending}>
              {t('withdraw.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** After a withdrawal, the way on: the lawyer search. */
export function RequestAnotherLink() {
  const { t } = useTranslation('family');
  return (
    <Button component={Link} to={paths.lawyerSearch} variant="light" w="fit-content">
      {t('withdraw.toSearch')}
    </Button>
  );
}
