// The prison a case's prisoner is held in, their moves between prisons, and — for the jail of that prison —
// moving them to another (POST /api/cases/:caseId/transfer). After the move this jail no longer sees the case.
import { Button, Group, List, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CaseDetail } from '#shared/cases.ts';
import { PrisonChoicesSchema } from '#shared/prisoners.ts';
import { paths } from '#client/app/paths.ts';
import { LocationFields } from '#client/components/location-fields.tsx';
import { WRAPPING_LABEL } from '#client/components/wrapping-label.ts';
import { api } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { rootKeys } from '#client/lib/query-keys.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useTransfer } from './cases.api.ts';
import { useFormatDateTime } from './format.ts';

export function PrisonSection({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('release');
  const formatDateTime = useFormatDateTime();
  const unknown = t('transfer.unknownPrison');
  return (
    <section aria-labelledby="case-prison">
      <Stack gap="xs">
        <Title order={2} size="h4" id="case-prison">
          {t('transfer.title')}
        </Title>
        <Text>{detail.prison ? t('transfer.current', { prison: detail.prison.name }) : t('transfer.none')}</Text>
        {detail.transfers.length > 0 && (
          <List size="sm" spacing={4} aria-label={t('transfer.history')}>
            {detail.transfers.map((m, i) => (
              <List.Item key={`${m.at}-${i}`}>
                {t('transfer.move', { from: m.from ?? unknown, to: m.to ?? unknown })}{' '}
                <Text span c="dimmed" size="sm">
                  (<time dateTime={m.at}>{formatDateTime(m.at)}</time>)
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        {detail.can.transfer && <TransferOpener detail={detail} />}
      </Stack>
    </section>
  );
}

/** The move's form opens on a tap: the page of a case stays light (no lists of states and districts) until then. */
function TransferOpener({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('release');
  const [open, setOpen] = useState(false);
  if (open) return <TransferForm detail={detail} />;
  return (
    <Group>
      <Button variant="outline" onClick={() => setOpen(true)} styles={WRAPPING_LABEL}>
        {t('transfer.formTitle')}
      </Button>
    </Group>
  );
}

function TransferForm({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('release');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const transfer = useTransfer(detail.id);
  const [confirming, setConfirming] = useState(false);
  const form = useForm({ initialValues: { state: '', district: '', toPrisonId: '' } });
  const { state, district, toPrisonId } = form.values;
  const choices = useQuery({
    queryKey: [...rootKeys.prisons, 'choices', state, district],
    queryFn: () => api('GET', `/api/prison-choices?${new URLSearchParams({ state, district }).toString()}`, PrisonChoicesSchema),
    enabled: Boolean(state && district),
    staleTime: 5 * 60_000,
  });
  const prisons = (choices.data?.prisons ?? []).filter((p) => p.id !== detail.prison?.id);
  const chosen = prisons.find((p) => p.id === toPrisonId);
  const name = detail.facts.prisonerName || detail.familyMember.name;
  const move = () =>
    transfer.mutate(toPrisonId, {
      onSuccess: (res) => {
        setConfirming(false);
        notify.success(t('transfer.done', { name, prison: res.prison.name }));
        void navigate(paths.jailHome);
      },
      onError: (err) => {
        setConfirming(false);
        notify.error(errorText(err));
      },
    });
  return (
    <Stack gap="sm" component="section" aria-labelledby="case-transfer">
      <Title order={3} size="h5" id="case-transfer">
        {t('transfer.formTitle')}
      </Title>
      <Text size="sm">{t('transfer.hint')}</Text>
      <LocationFields form={form} purpose="prison" />
      {state && district && choices.isSuccess && prisons.length === 0 && <Text size="sm">{t('transfer.noPrisons')}</Text>}
      {prisons.length > 0 && (
        <NativeSelect
          label={t('transfer.prison')}
          {...form.getInputProps('toPrisonId')}
          data={[{ value: '', label: t('transfer.choose') }, ...prisons.map((p) => ({ value: p.id, label: p.name }))]}
        />
      )}
      <Group>
        <Button disabled={!chosen} onClick={() => setConfirming(true)} styles={WRAPPING_LABEL}>
          {t('transfer.submit')}
        </Button>
      </Group>
      {/* No unnamed × in the corner (axe: button-name): the dialog's own Cancel closes it, as Escape does. */}
      <Modal
        opened={confirming && !!chosen}
        onClose={() => setConfirming(false)}
        title={t('transfer.confirmTitle')}
        withCloseButton={false}
        centered
      >
        <Stack gap="md">
          <Text>{t('transfer.confirm', { name, prison: chosen?.name ?? '' })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('transfer.cancel')}
            </Button>
            <Button onClick={move} loading={transfer.isPending} styles={WRAPPING_LABEL}>
              {t('transfer.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
