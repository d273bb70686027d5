// 'Select NGO' for a member without one (docs/spec.md#2-screens-and-routes /dashboard, §4 NGO assignment): choose, see the
// NGO's details, assign. The server takes the seat in one transaction and has the last word.
import { Alert, Button, NativeSelect, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NgoSummary } from '#shared/ngos.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useSingleFlight } from '#client/lib/single-flight.ts';
import { useNearnessLabel } from '#client/components/nearness.tsx';
import { nearbyNgosQuery, useAssignNgo } from './jail.api.ts';
import { NgoDetails } from './ngo-details.tsx';

export function AssignNgo({ memberId, memberName }: { memberId: string; memberName: string }) {
  const { t } = useTranslation('jail');
  const errorText = useErrorText();
  const ngos = useQuery(nearbyNgosQuery(memberId));
  const nearnessLabel = useNearnessLabel();
  const [ngoId, setNgoId] = useState('');
  const assign = useAssignNgo({
    onSuccess: () => notify.success(t('ngo.assigned')),
    onError: (err) => {
      setNgoId('');
      notify.error(err instanceof ApiError && err.code === 'no_seats' ? errorText(err) : t('ngo.failed'));
    },
  });
  const flight = useSingleFlight();
  const items = ngos.data?.items ?? [];
  const chosen: NgoSummary | undefined = items.find((n) => n.id === ngoId);

  const submit = () => {
    if (!chosen) return;
    flight.run((done) => assign.mutate({ memberId, ngoId: chosen.id }, { onSettled: done }));
  };

  if (ngos.isSuccess && items.length === 0) return <Alert color="gray">{t('ngo.noneAvailable')}</Alert>;
  return (
    <Stack gap="xs">
      <NativeSelect
        label={t('ngo.select')}
        aria-label={t('ngo.selectFor', { name: memberName })}
        value={ngoId}
        disabled={ngos.isPending}
        onChange={(e) => setNgoId(e.currentTarget.value)}
        data={[
          { value: '', label: t('ngo.select'), disabled: true },
          // Grouped by place: the prisoner's district first, then the state, then the rest.
          ...(['district', 'state', 'other'] as const).flatMap((nearness) => {
            const group = items.filter((n) => (n.nearness ?? 'other') === nearness);
            const first = group[0];
            if (!first) return [];
            return [
              {
                group: nearnessLabel(nearness, first),
                items: group.map((n) => ({
                  value: n.id,
                  label: t('ngo.option', { name: n.name, address: n.address, seats: t('ngo.seats', { count: n.seatsFree }) }),
                })),
              },
            ];
          }),
        ]}
      />
      {chosen && (
        <>
          <NgoDetails ngo={chosen} />
          <Button onClick={submit} loading={assign.isPending} w="fit-content">
            {t('ngo.assign')}
          </Button>
        </>
      )}
    </Stack>
  );
}
