// How near a lawyer is to the family member's prison (the lawyer search).
import type { Location, Nearness } from '#shared/locations.ts';

export function nearnessOf(row: { state: string | null; district: string | null }, location: Location | null): Nearness {
  if (!location || row.state !== location.state) return 'other';
  return row.district === location.district ? 'district' : 'state';
}
