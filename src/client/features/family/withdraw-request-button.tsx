// "Withdraw request" on a pending lawyer request, behind a confirmation. The server decides: if the
// lawyer answered a moment earlier, the 409 is shown and the case status reloads as it now stands.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CaseLawyer } from '#shared/family.ts';
import { paths } from '#client/app/paths.ts';
import { notify } from '#client/lib/notify.ts';
import { useSingleFlight } from '#client/lib/single-flight.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useWithdrawRequest } from './family.api.ts';

export function WithdrawRequestButton({ request }: { request: CaseLawyer }) {
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
      <Button
        variant="outline"
        color="red.9"
        onClick={() => setConfirming(true)}
        disabled={withdraw.isPending}
        aria-label={t('withdraw.buttonFor', { name: request.name })}
      >
        {t('withdraw.button')}
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
            <Button variant="default" onClick={() => setConfirming(false)}>
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
