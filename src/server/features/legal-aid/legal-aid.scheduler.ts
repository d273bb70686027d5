// A legal-aid application undecided past its due day (NALSA's 7 days, docs/law.md#free-legal-aid) is
// escalated once: the prisoner's family is told (in the app and by email) and the state's
// administrators are emailed. Run by the deadline pass (deadlines.scheduler.ts runDeadlinePass).
//
// Exactly once with any number of instances: the conditional update that stamps escalated_at is the
// claim; a second worker finds the row stamped (or waits for the first's commit and updates nothing).
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { findRecipients, notify, sendEmail } from '../../lib/notify.ts';

interface Late {
  id: string;
  prisoner_id: string;
  prisoner_name: string;
  prison_name: string | null;
  state: string;
  district: string;
  due_on: string;
  consent_withdrawn: boolean;
}

/** The applications past their due day on `today`, undecided and not yet escalated; returns their event keys. */
export async function escalateLateLegalAid(db: Db, o: { publicUrl: string; batch: number }, today: string): Promise<string[]> {
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`
      select a.id from legal_aid_applications a
      where a.status = 'pending' and a.escalated_at is null and a.due_on < ${today}::date
      order by a.due_on limit ${o.batch}`),
  );
  const fired: string[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [a] = rowsOf<Late>(
        await tx.execute(sql`
          update legal_aid_applications a set escalated_at = now()
          from prisoners p
          where a.id = ${id} and p.id = a.prisoner_id and a.status = 'pending' and a.escalated_at is null
          returning a.id, a.prisoner_id, p.name as prisoner_name, p.consent_withdrawn_at is not null as consent_withdrawn,
            (select pr.name from prisons pr where pr.id = a.prison_id) as prison_name, a.state, a.district, a.due_on::text`),
      );
      if (!a) return false;
      const params = { prisoner: a.prisoner_name, date: a.due_on, district: a.district, prison: a.prison_name ?? '' };
      const family = rowsOf<{ id: string }>(
        await tx.execute(sql`select family_member_id as id from prisoner_followers where prisoner_id = ${a.prisoner_id}`),
      ).map((r) => r.id);
      for (const r of await findRecipients(tx, family)) {
        // The prisoner's consent withdrawn: the reminder stays in the app, no email (docs/decisions/0053-notice-and-consent.md).
        await notify(tx, a.consent_withdrawn ? { ...r, emailReminders: false } : r, {
          kind: 'legal_aid_late_family',
          params,
          link: '/legal-aid',
          publicUrl: o.publicUrl,
          reminder: true,
        });
      }
      // The state's administrators (an account with no state is the deployment's).
      const admins = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from users where role = 'State-Administrator' and disabled_at is null
          and (scope_state is null or scope_state = ${a.state})`),
      ).map((r) => r.id);
      for (const r of await findRecipients(tx, admins)) {
        await sendEmail(tx, r, { kind: 'legal_aid_late_admin', params });
      }
      return true;
    });
    if (done) fired.push(`legal-aid-late:${id}`);
  }
  return fired;
}
