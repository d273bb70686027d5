// Stored records name their district by its current official name (docs/decisions/0059-current-districts.md).
// A data move (migrate.ts DATA_MOVES) rewrites each name FORMER_DISTRICT_NAMES maps (a renamed district,
// one announced and never notified, one abolished) in every table that holds a district: the lawyer
// search, the DLSA's inbox and the family's prison choice compare names, and must find the record.
import { sql } from 'drizzle-orm';
import { FORMER_DISTRICT_NAMES } from '#shared/india-locations.ts';
import type { Db } from './client.ts';

/** Table, state column, district column. */
const PLACED: readonly (readonly [string, string, string])[] = [
  ['family_members', 'state', 'district'],
  ['lawyers', 'state', 'district'],
  ['ngos', 'state', 'district'],
  ['prisons', 'state', 'district'],
  ['legal_aid_applications', 'state', 'district'],
  ['users', 'scope_state', 'scope_district'],
];

/** Every stored former district name becomes the current one. Safe to run again. */
export async function moveToCurrentDistricts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [state, renames] of Object.entries(FORMER_DISTRICT_NAMES)) {
      for (const [former, now] of Object.entries(renames)) {
        for (const [table, stateColumn, districtColumn] of PLACED) {
          const t = sql.identifier(table);
          const s = sql.identifier(stateColumn);
          const d = sql.identifier(districtColumn);
          await tx.execute(sql`update ${t} set ${d} = ${now} where ${s} = ${state} and ${d} = ${former}`);
        }
        // One live DLSA code per district: a former district's code joins the current one, revoked when
        // that district already has its own (the administrator issues codes; a DLSA signs up with the live one).
        await tx.execute(sql`
          update registration_codes r
             set district = ${now},
                 revoked_at = case
                   when r.revoked_at is null and exists (select 1 from registration_codes o
                     where o.kind = 'dlsa' and o.revoked_at is null and o.state = ${state} and o.district = ${now})
                   then now() else r.revoked_at end
           where r.kind = 'dlsa' and r.state = ${state} and r.district = ${former}`);
      }
    }
  });
}
