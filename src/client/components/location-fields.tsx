// State and district pickers from the fixed list (src/shared/india-locations.ts). The list
// (~7 KB gzip) and the screen language's place names (~10 KB) are loaded when a form with a location opens, never with the sign-in screen. Native
// selects: light, and each phone shows its own easy picker.
import { Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { DistrictMatch, IndiaState, PlaceNames } from '#shared/india-locations.ts';
import { isPlaceNameLanguage, loadPlaceNames, placeNameLanguagesOfScript, type PlaceNameLanguage } from '#shared/place-names.ts';
import { rootKeys } from '#client/lib/query-keys.ts';

export const indiaLocationsQuery = {
  queryKey: rootKeys.locations,
  queryFn: () => import('#shared/india-locations.ts'),
  staleTime: Infinity,
};

const placeNamesQuery = (lang: PlaceNameLanguage) => ({
  queryKey: [...rootKeys.locations, 'names', lang] as const,
  queryFn: () => loadPlaceNames(lang),
  staleTime: Infinity,
});

/** The list, once loaded (undefined before). */
export function useIndiaLocations() {
  return useQuery(indiaLocationsQuery).data;
}

/** Places' names in the screen's language when it is an Indian language (its own script), undefined otherwise or before they load. */
function usePlaceNames(): { lang: string; names: PlaceNames | undefined } {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const names = useQuery({ ...placeNamesQuery(isPlaceNameLanguage(lang) ? lang : 'hi'), enabled: isPlaceNameLanguage(lang) }).data;
  return { lang, names: isPlaceNameLanguage(lang) ? names : undefined };
}

/** A state's name in the language shown (its own script for an Indian language, the official English name otherwise). */
export function useStateName() {
  const data = useIndiaLocations();
  const { names } = usePlaceNames();
  return (code: string | null | undefined) => {
    if (!code) return '';
    const s: IndiaState | undefined = data?.findState(code);
    if (!s) return code;
    return names?.states[code] ?? s.name;
  };
}

/** A district's name in the language shown, by its current official name (Prayagraj for a record that says Allahabad). */
export function useDistrictName() {
  const data = useIndiaLocations();
  const { names } = usePlaceNames();
  return (code: string | null | undefined, district: string | null | undefined) => {
    if (!district) return '';
    if (!data || !code) return district;
    const current = data.currentDistrictName(code, district);
    return names?.districts[current] ?? current;
  };
}

/** The states with their names in the language shown, in that language's order (empty before the list loads). */
export function useStateOptions(): { value: string; label: string }[] {
  const data = useIndiaLocations();
  const { lang, names } = usePlaceNames();
  if (!data) return [];
  return data.INDIA_STATES.map((s) => ({ value: s.code, label: names?.states[s.code] ?? s.name })).sort((a, b) =>
    a.label.localeCompare(b.label, names ? lang : 'en'),
  );
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
  const { t } = useTranslation('location');
  const data = useIndiaLocations();
  const states = useStateOptions();
  const stateName = useStateName();
  const districtNameOf = useDistrictName();
  const state = form.values.state;
  const districts = (state && data?.findState(state)?.districts) || [];
  const stateProps = form.getInputProps('state');
  const districtName = (d: string) => districtNameOf(state, d);
  const districtProps = form.getInputProps('district');
  const districtValue = String(districtProps.value ?? '');
  return (
    <Stack gap="sm">
      {data && (
        <DistrictSearch
          search={data.searchDistricts}
          label={(m) => `${districtNameOf(m.state, m.district)}, ${stateName(m.state)}`}
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
        data={[{ value: '', label: data ? t('state.placeholder') : t('loading') }, ...states]}
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
 * "Find your district": what is typed, in English, a former name or any Indian script (the names of
 * the languages written in that script are loaded as it is typed), lists the districts it matches;
 * choosing one sets the state and the district below.
 */
function DistrictSearch({
  search,
  label,
  onPick,
}: {
  search: (q: string, limit: number, names: readonly PlaceNames[]) => DistrictMatch[];
  label: (m: DistrictMatch) => string;
  onPick: (m: DistrictMatch) => void;
}) {
  const { t } = useTranslation('placeSearch');
  const [query, setQuery] = useState('');
  const { lang } = usePlaceNames();
  const langs = new Set(placeNameLanguagesOfScript(query));
  if (isPlaceNameLanguage(lang)) langs.add(lang);
  const names = useQueries({ queries: [...langs].map(placeNamesQuery) })
    .map((q) => q.data)
    .filter((n): n is PlaceNames => n !== undefined);
  const found = search(query, 8, names);
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
