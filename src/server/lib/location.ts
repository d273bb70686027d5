// "Nearby first" ordering for the lawyer search and the NGO picker.
import { asc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Location, Nearness } from '#shared/locations.ts';

/**
 * ORDER BY terms putting rows in the given district (of the given state) first, then the same state,
 * then the rest; none without a location. One CASE on the rows the query already reads: no extra scan.
 */
export function nearbyFirst(column: { state: AnyColumn; district: AnyColumn }, location: Location | null): SQL[] {
  if (!location) return [];
  return [
    asc(
      sql`case when ${column.state} = ${location.state} and ${column.district} = ${location.district} then 0 when ${column.state} = ${location.state} then 1 else 2 end`,
    ),
  ];
}

export function nearnessOf(row: { state: string | null; district: string | null }, location: Location | null): Nearness {
  if (!location || row.state !== location.state) return 'other';
  return row.district === location.district ? 'district' : 'state';
}
