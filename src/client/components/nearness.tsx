// "Same district / same state / other place" beside a lawyer or an NGO, and the sentence that says how a
// list is ordered.
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Location, Nearness } from '#shared/locations.ts';
import { useDistrictName, useStateName } from './location-fields.tsx';

type Place = { state: string | null; district: string | null };

/** "Same district: Sitapur", "Same state: Uttar Pradesh" or "Other place", in the language shown (names too). */
export function useNearnessLabel() {
  const { t } = useTranslation('location');
  const stateName = useStateName();
  const districtName = useDistrictName();
  return (nearness: Nearness, place: Place) =>
    nearness === 'district'
      ? t('nearness.district', { district: districtName(place.state, place.district) })
      : nearness === 'state'
        ? t('nearness.state', { state: stateName(place.state) })
        : t('nearness.other');
}

export function NearnessBadge({ nearness, place }: { nearness: Nearness; place: Place }) {
  const text = useNearnessLabel()(nearness, place);
  return (
    <Badge
      variant={nearness === 'other' ? 'outline' : 'filled'}
      color={nearness === 'other' ? 'gray.8' : 'teal.9'}
      tt="none"
      size="lg"
      style={{ whiteSpace: 'normal', height: 'auto' }}
      data-nearness={nearness}
    >
      {text}
    </Badge>
  );
}

/** The place of a lawyer or an NGO as text ("Sitapur, Uttar Pradesh"), or nothing. */
export function usePlaceText() {
  const { t } = useTranslation('location');
  const stateName = useStateName();
  const districtName = useDistrictName();
  return (p: Place) =>
    p.state && p.district ? t('place', { district: districtName(p.state, p.district), state: stateName(p.state) }) : '';
}

export function NearbyIntro({ location, kind }: { location: Location | null; kind: 'lawyers' | 'ngos' }) {
  const { t } = useTranslation('location');
  const stateName = useStateName();
  const districtName = useDistrictName();
  if (!location) return kind === 'lawyers' ? <Text>{t('nearby.none')}</Text> : null;
  const args = { district: districtName(location.state, location.district), state: stateName(location.state) };
  return <Text>{kind === 'lawyers' ? t('nearby.intro', args) : t('nearby.ngoIntro', args)}</Text>;
}
