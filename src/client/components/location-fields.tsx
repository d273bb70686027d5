// State and district pickers from the fixed list (src/shared/india-locations.ts, ). The list
// (~7 KB gzip) is loaded when a form with a location opens, never with the sign-in screen. Native
// selects: light, and each phone shows its own easy picker.
import { Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { DistrictMatch, IndiaState } from '#shared/india-locations.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export const indiaLocationsQuery = {
  queryKey: rootKeys.locations,
  queryFn: () => import('#shared/india-locations.ts'),
  staleTime: Infinity,
};

/** The list, once loaded (undefined before). */
export function useIndiaLocations() {
  return useQuery(indiaLocationsQuery).data;
}

/** A state's name in the language shown (Hindi names for Hindi, official English names otherwise). */
export function useStateName() {
  const { i18n } = useTranslation();
  const data = useIndiaLocations();
  return (code: string | null | undefined) => {
    if (!code) return '';
    const s: IndiaState | undefined = data?.findState(code);
    if (!s) return code;
    return i18n.resolvedLanguage === 'hi' ? s.nameHi : s.name;
  };
}

/** A district's name in the language shown: Devanagari for Hindi where the list has it, its current official name otherwise. */
export function useDistrictName() {
  const { i18n } = useTranslation();
  const data = useIndiaLocations();
  return (code: string | null | undefined, district: string | null | undefined) => {
    if (!district) return '';
    if (!data || !code) return district;
    const current = data.currentDistrictName(code, district);
    return (i18n.resolvedLanguage === 'hi' && data.districtNameHi(current)) || current;
  };
}

/** Any @mantine/form form with `state` and `district` string fields. */
export function LocationFields<T extends { state: string; district: string }>({
  form,
  purpose,
}: {
  form: UseFormReturnType<T>;
  purpose: 'family' | 'lawyer' | 'ngo' | 'prison';
}) {
  const set = (field: 'state' | 'district', value: string) => form.setFieldValue(field as never, value);
  const { t, i18n } = useTranslation('location');
  const data = useIndiaLocations();
  const hi = i18n.resolvedLanguage === 'hi';
  const states = data
    ? [...data.INDIA_STATES].sort((a, b) => (hi ? a.nameHi.localeCompare(b.nameHi, 'hi') : a.name.localeCompare(b.name)))
    : [];
  const state = form.values.state;
  const districts = (state && data?.findState(state)?.districts) || [];
  const stateProps = form.getInputProps('state');
  const districtName = (d: string) => (hi ? (data?.districtNameHi(d) ?? d) : d);
  const stateName = (code: string) => {
    const s = data?.findState(code);
    return s ? (hi ? s.nameHi : s.name) : code;
  };
  const districtProps = form.getInputProps('district');
  const districtValue = String(districtProps.value ?? '');
  return (
    <Stack gap="sm">
      {data && (
        <DistrictSearch
          search={data.searchDistricts}
          label={(m) => `${districtName(m.district)}, ${stateName(m.state)}`}
          onPick={(m) => {
            set('state', m.state);
            set('district', m.district);
          }}
        />
      )}
      <NativeSelect
        {...stateProps}
        label={t('state.label')}
        description={t(`hint.${purpose}`)}
        disabled={!data}
        onChange={(e) => {
          set('state', e.currentTarget.value);
          // A district belongs to one state: choosing another state clears it.
          set('district', '');
        }}
        data={[
          { value: '', label: data ? t('state.placeholder') : t('loading') },
          ...states.map((s) => ({ value: s.code, label: hi ? s.nameHi : s.name })),
        ]}
      />
      <NativeSelect
        {...districtProps}
        // A record made before a district was renamed shows its current name (the server stores that one).
        value={data && state ? data.currentDistrictName(state, districtValue) : districtValue}
        label={t('district.label')}
        disabled={!data || !state}
        data={[
          { value: '', label: state ? t('district.placeholder') : t('district.pickStateFirst') },
          ...districts.map((d) => ({ value: d, label: districtName(d) })),
        ]}
      />
    </Stack>
  );
}

/**
 * "Find your district": what is typed, in English or Devanagari (or a former name), lists the districts
 * it matches; choosing one sets the state and the district below.
 */
function DistrictSearch({
  search,
  label,
  onPick,
}: {
  search: (q: string) => DistrictMatch[];
  label: (m: DistrictMatch) => string;
  onPick: (m: DistrictMatch) => void;
}) {
  const { t } = useTranslation('placeSearch');
  const [query, setQuery] = useState('');
  const found = search(query);
  return (
    <Stack gap={6}>
      <TextInput type="search" label={t('label')} description={t('hint')} value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
      {query.trim().length >= 2 && (
        <Stack gap={4} align="flex-start" role="list" aria-label={t('label')}>
          {found.length === 0 ? (
            <Text size="sm" role="listitem">
              {t('none')}
            </Text>
          ) : (
            found.map((m) => (
              <div role="listitem" key={`${m.state}-${m.district}`}>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => {
                    onPick(m);
                    setQuery('');
                  }}
                >
                  {label(m)}
                </Button>
              </div>
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}
