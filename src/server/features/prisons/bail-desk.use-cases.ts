// The DLSA records the poor-prisoners fund's steps on a case of its district (docs/law.md#bail-clocks):
// told by the jail, recommended to the district committee, the committee's decision. In order, on a
// day between the bail order and today; audited.
import { sql } from 'drizzle-orm';
import type { User } from '#shared/accounts.ts';
import type { BailDeskStepBody } from '#shared/bail-desk.ts';
import { todayInIndia } from '#shared/release.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { dlsaDistrict } from './bail-desk.queries.ts';

const COLUMN = { informed: 'dlsa_informed_on', recommended: 'dlsa_recommended_on', 'committee-decided': 'committee_decided_on' } as const;
/** The step each one follows. */
const AFTER = { informed: null, recommended: 'informed', 'committee-decided': 'recommended' } as const;

export async function recordBailDeskStep(
  db: Db,
  user: Pick<User, 'id'>,
  caseId: string,
  body: BailDeskStepBody,
  today = todayInIndia(),
): Promise<{ ok: true }> {
  const { state, district } = await dlsaDistrict(db, user);
  if (body.on > today) throw invalid('The date cannot be in the future.', [{ path: 'on', message: 'The date cannot be in the future.' }]);
  return db.transaction(async (tx) => {
    const [c] = rowsOf<{
      bail_granted_on: string | null;
      released_on: string | null;
      informed: string | null;
      recommended: string | null;
      decided: string | null;
    }>(
      await tx.execute(sql`
        select c.bail_granted_on::text, c.released_on::text, c.dlsa_informed_on::text as informed,
          c.dlsa_recommended_on::text as recommended, c.committee_decided_on::text as decided
        from cases c join prisoners p on p.id = c.prisoner_id join prisons pr on pr.id = p.prison_id
        where c.id = ${caseId} and pr.state = ${state} and pr.district = ${district}
        for update of c`),
    );
    // Another district's case, or one not granted bail, is not on this desk.
    if (!c?.bail_granted_on) throw notFound('case');
    if (body.on < c.bail_granted_on)
      throw invalid('The date cannot be before bail was granted.', [
        { path: 'on', message: 'The date cannot be before bail was granted.' },
      ]);
    const before = AFTER[body.step];
    const previous = before === 'informed' ? c.informed : before === 'recommended' ? c.recommended : null;
    if (before && !previous)
      throw invalid('Record the step before this one first.', [{ path: 'step', message: 'Record the step before this one first.' }]);
    if (previous && body.on < previous)
      throw invalid('The date cannot be before the step before it.', [
        { path: 'on', message: 'The date cannot be before the step before it.' },
      ]);
    await tx.execute(sql`update cases set ${sql.raw(COLUMN[body.step])} = ${body.on}::date where id = ${caseId}`);
    await audit(tx, user.id, `bail.${body.step}`, caseId, { on: body.on });
    return { ok: true as const };
  });
}
