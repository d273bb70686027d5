// 'Select NGO' for a member without one (docs/spec.md#2-screens-and-routes /dashboard, §4 NGO assignment): choose, see the
// NGO's details, assign. The list offers the NGOs with a free seat nearest the member's prison, at most
// NGO_CHOICES_LIMIT; typing the start of a name finds the others
// (docs/decisions/0030-select-ngo-nearest-and-by-name.md). The server takes the seat in one
// transaction and has the last word.
import { Alert, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '#shared/constants.ts';
import { NGO_CHOICES_LIMIT, type NgoChoice } from '#shared/ngos.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useSingleFlight } from '#client/lib/single-flight.ts';
import { useNearnessLabel } from '#client/components/nearness.tsx';
import { ngoChoicesQuery, useAssignNgo } from './jail.api.ts';
import { NgoDetails } from './ngo-details.tsx';

/** Wait this long after the last key before asking the server for the NGOs named so. */
const SEARCH_DEBOUNCE_MS = 300;

export function AssignNgo({ memberId, memberName }: { memberId: string; memberName: string }) {
  const { t } = useTranslation('jail');
  const errorText = useErrorText();
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const ngos = useQuery(ngoChoicesQuery(memberId, q));
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
  const chosen: NgoChoice | undefined = items.find((n) => n.id === ngoId);
  // The answer on screen is for what was asked last (a kept answer shows while a search is on its way).
  const answered = ngos.isSuccess && !ngos.isPlaceholderData;

  const submit = () => {
    if (!chosen) return;
    flight.run((done) => assign.mutate({ memberId, ngoId: chosen.id }, { onSettled: done }));
  };

  // No NGO has a free seat at all: nothing to search either.
  if (answered && q === '' && typed.trim() === '' && items.length === 0) return <Alert color="gray">{t('ngo.noneAvailable')}</Alert>;
  return (
    <Stack gap="xs">
      <TextInput
        label={t('ngo.find')}
        aria-label={t('ngo.findFor', { name: memberName })}
        description={t('ngo.findHint')}
        value={typed}
        maxLength={LIMITS.nameMax}
        onChange={(e) => setTyped(e.currentTarget.value)}
      />
      <NativeSelect
        label={t('ngo.select')}
        aria-label={t('ngo.selectFor', { name: memberName })}
        value={chosen ? ngoId : ''}
        disabled={ngos.isPending || items.length === 0}
        onChange={(e) => setNgoId(e.currentTarget.value)}
        data={[
          { value: '', label: t('ngo.select'), disabled: true },
          // Grouped by place: the prisoner's district first, then the state, then the rest.
          ...(['district', 'state', 'other'] as const).flatMap((nearness) => {
            const group = items.filter((n) => n.nearness === nearness);
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
      {answered && q !== '' && items.length === 0 && (
        <Text size="sm" role="status">
          {t('ngo.noneNamed', { q })}
        </Text>
      )}
      {answered && ngos.data.more && (
        <Text size="sm" c="dimmed" role="status">
          {q === '' ? t('ngo.moreNearest', { limit: NGO_CHOICES_LIMIT }) : t('ngo.moreNamed', { limit: NGO_CHOICES_LIMIT })}
        </Text>
      )}
      {ngos.isError && (
        <Text size="sm" c="red.9" role="alert">
          {errorText(ngos.error)}
        </Text>
      )}
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
