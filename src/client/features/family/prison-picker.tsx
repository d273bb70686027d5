// The prison the person is held in, from the prisons on record in the chosen district
// (GET /api/prison-choices); "not listed" keeps the name typed in the prison field, for the
// administrator to match later (docs/decisions/0046-prisoner-and-prisons.md).
import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PrisonChoicesSchema } from '#shared/prisoners.ts';
import { api } from '#client/lib/api-client.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export function PrisonPicker({
  state,
  district,
  value,
  onChange,
}: {
  state: string;
  district: string;
  value: string;
  onChange: (prisonId: string, name: string | null) => void;
}) {
  const { t } = useTranslation('family');
  const choices = useQuery({
    queryKey: [...rootKeys.prisons, 'choices', state, district],
    queryFn: () => api('GET', `/api/prison-choices?${new URLSearchParams({ state, district }).toString()}`, PrisonChoicesSchema),
    enabled: Boolean(state && district),
    staleTime: 5 * 60_000,
  });
  const prisons = choices.data?.prisons ?? [];
  if (!state || !district || prisons.length === 0) return null;
  return (
    <NativeSelect
      label={t('prisonPick.label')}
      description={t('prisonPick.hint')}
      value={value}
      onChange={(e) => {
        const id = e.currentTarget.value;
        onChange(id, prisons.find((p) => p.id === id)?.name ?? null);
      }}
      data={[{ value: '', label: t('prisonPick.notListed') }, ...prisons.map((p) => ({ value: p.id, label: p.name }))]}
    />
  );
}
