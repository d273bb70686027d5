// Reads of legal-aid applications (docs/law.md#free-legal-aid): the DLSA's inbox of its district's
// undecided applications, due day first (legal_aid_applications_inbox_idx), the family's own, and
// the verified lawyers a DLSA may assign.
import { sql } from 'drizzle-orm';
import type { User } from '#shared/accounts.ts';
import {
  legalAidOverdue,
  type FamilyLegalAid,
  type FamilyLegalAidList,
  type LegalAidInbox,
  type LegalAidLawyers,
} from '#shared/legal-aid.ts';
import { todayInIndia } from '#shared/release.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { preparedSqlByKey } from '../../db/prepared.ts';
import { decodeDayCursor, encodeDayCursor } from '../../lib/time-cursor.ts';
import { dlsaDistrict } from '../prisons/bail-desk.queries.ts';

const PAGE = 50;
/** The family's applications shown: the latest ones (a family files a few in a prisoner's life). */
const FAMILY_LIST = 30;
const LAWYER_CHOICES = 30;

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

// Built once per shape (docs/decisions/0027-statements-built-once.md): the first page, or the page after a cursor.
const inboxStatement = preparedSqlByKey<
  'first' | 'after',
  {
    id: string;
    prisoner_id: string;
    prisoner_name: string;
    prison_name: string | null;
    applicant_name: string;
    relation: string | null;
    note: string;
    filed_at: unknown;
    due_on: string;
  }
>(
  (key) => sql`
    select a.id, a.prisoner_id, p.name as prisoner_name, pr.name as prison_name,
      u.name as applicant_name, f.relation, a.note, a.filed_at, a.due_on::text
    -- The page's applications read once, in the index's order; each row's names by primary key.
    from (select a.id, a.prisoner_id, a.prison_id, a.family_member_id, a.note, a.filed_at, a.due_on from legal_aid_applications a
      where a.status = 'pending' and a.state = ${sql.placeholder('state')} and a.district = ${sql.placeholder('district')}
        ${key === 'after' ? sql`and (a.due_on, a.id) > (${sql.placeholder('afterOn')}::date, ${sql.placeholder('afterId')}::uuid)` : sql``}
      order by a.state, a.district, a.due_on, a.id limit ${PAGE + 1}) a
    join prisoners p on p.id = a.prisoner_id
    join users u on u.id = a.family_member_id
    -- A join, not a sub-query per row: PostgreSQL ran that as a scan of every prison for each row
    -- (the prisons table is small), which cost this statement 40 % of its time.
    left join prisons pr on pr.id = a.prison_id
    left join prisoner_followers f on f.prisoner_id = a.prisoner_id and f.family_member_id = a.family_member_id
    order by a.due_on, a.id`,
);

/** The DLSA's inbox: its district's undecided applications, the nearest due day first. */
export async function legalAidInbox(
  db: Db,
  user: Pick<User, 'id'>,
  query: { after?: string | undefined },
  today = todayInIndia(),
): Promise<LegalAidInbox> {
  const { state, district } = await dlsaDistrict(db, user);
  const after = query.after ? decodeDayCursor(query.after) : undefined;
  const { rows } = await inboxStatement(db, after ? 'after' : 'first').execute({
    state,
    district,
    afterOn: after?.on ?? null,
    afterId: after?.id ?? null,
  });
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    asOf: today,
    applications: page.map((r) => ({
      id: r.id,
      prisonerId: r.prisoner_id,
      prisonerName: r.prisoner_name,
      prisonName: r.prison_name ?? '',
      applicantName: r.applicant_name,
      relation: r.relation ?? '',
      note: r.note,
      filedAt: iso(r.filed_at),
      dueOn: r.due_on,
      overdue: legalAidOverdue(r.due_on, today),
    })),
    nextCursor: rows.length > PAGE && last ? encodeDayCursor({ on: last.due_on, id: last.id }) : null,
  };
}

/** The applications for the prisoners the member follows (whoever of the family filed them), newest first. */
export async function familyLegalAid(db: Db, user: Pick<User, 'id'>, today = todayInIndia()): Promise<FamilyLegalAidList> {
  const rows = rowsOf<{
    id: string;
    prisoner_id: string;
    prisoner_name: string;
    prison_name: string | null;
    district: string;
    dlsa_name: string | null;
    dlsa_phone: string | null;
    filed_at: unknown;
    due_on: string;
    status: FamilyLegalAid['status'];
    decided_at: unknown;
    lawyer_name: string | null;
    lawyer_phone: string | null;
    refusal_reason: string | null;
  }>(
    await db.execute(sql`
      select a.id, a.prisoner_id, p.name as prisoner_name, pr.name as prison_name, a.district, pr.dlsa_name, pr.dlsa_phone,
        a.filed_at, a.due_on::text, a.status, a.decided_at, lu.name as lawyer_name, l.phone as lawyer_phone, a.refusal_reason
      from prisoner_followers f
      cross join lateral (select * from legal_aid_applications a where a.prisoner_id = f.prisoner_id
        order by a.filed_at desc, a.id desc limit ${FAMILY_LIST}) a
      join prisoners p on p.id = a.prisoner_id
      left join prisons pr on pr.id = a.prison_id
      left join lawyers l on l.user_id = a.lawyer_id
      left join users lu on lu.id = a.lawyer_id
      where f.family_member_id = ${user.id}
      order by a.filed_at desc, a.id desc
      limit ${FAMILY_LIST}`),
  );
  const prisoners = rowsOf<{ id: string; name: string; prison_name: string | null }>(
    await db.execute(sql`
      select p.id, p.name, pr.name as prison_name from prisoner_followers f join prisoners p on p.id = f.prisoner_id
      left join prisons pr on pr.id = p.prison_id where f.family_member_id = ${user.id} order by f.joined_at, p.id limit 20`),
  );
  return {
    applications: rows.map((r) => ({
      id: r.id,
      prisonerId: r.prisoner_id,
      prisonerName: r.prisoner_name,
      prisonName: r.prison_name ?? '',
      district: r.district,
      dlsaName: r.dlsa_name ?? '',
      dlsaPhone: r.dlsa_phone ?? '',
      filedAt: iso(r.filed_at),
      dueOn: r.due_on,
      overdue: r.status === 'pending' && legalAidOverdue(r.due_on, today),
      status: r.status,
      decidedAt: r.decided_at ? iso(r.decided_at) : null,
      lawyer: r.status === 'accepted' && r.lawyer_name ? { name: r.lawyer_name, phone: r.lawyer_phone ?? '' } : null,
      refusalReason: r.status === 'refused' ? r.refusal_reason : null,
    })),
    prisoners: prisoners.map((p) => ({ id: p.id, name: p.name, prisonName: p.prison_name })),
  };
}

/**
 * The lawyers a DLSA may assign: verified ones (decision 0048), of its district, by name
 * (lawyers_verified_place_idx); a name prefix narrows them.
 */
export async function legalAidLawyers(db: Db, user: Pick<User, 'id'>, q: string | undefined): Promise<LegalAidLawyers> {
  const { state, district } = await dlsaDistrict(db, user);
  const prefix = (q ?? '').trim();
  const rows = rowsOf<{ user_id: string; name: string; lawyer_type: string; district: string | null }>(
    await db.execute(sql`
      select l.user_id, l.name, l.lawyer_type, l.district from lawyers l
      where l.verified_at is not null and l.state = ${state} and l.district = ${district}
        ${prefix ? sql`and l.name ~>=~ ${prefix} and l.name ~<~ ${prefix + '\u{10FFFF}'}` : sql``}
      order by l.state, l.district, l.name, l.user_id limit ${LAWYER_CHOICES}`),
  );
  return { lawyers: rows.map((r) => ({ id: r.user_id, name: r.name, lawyerType: r.lawyer_type, district: r.district })) };
}
