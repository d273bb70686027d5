// Reads and writes of a family member's rights over their data (docs/decisions/0054-rights-a-family-can-use.md):
// the export (a fixed number of statements, each bounded by the member's own rows), the nominee, the
// prisoner's details, the erasure check and the erasure itself.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { EXPORT_LOG_ROWS, type ErasureRefusal, type MyData, type Nominee, type PrisonerDetails } from '#shared/my-data.ts';
import type { Role } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import {
  accessLog,
  auditEvents,
  bailReviews,
  caseEvents,
  cases,
  legalAidApplications,
  contactMessages,
  documents,
  familyMemberNominees,
  familyMembers,
  hearings,
  lawyerRequests,
  lawyers,
  ngoAssignments,
  ngos,
  notifications,
  prisonerFollowers,
  prisoners,
  prisons,
  secondFactors,
  users,
} from '../../db/schema.ts';

type Rows<T> = { rows: T[] };
const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : d instanceof Date ? d.toISOString() : String(d));
const isoReq = (d: Date | string) => iso(d)!;
const person = (name: string | null, role: Role | null) => (name === null ? null : { name, role });

/** The export's access-log rows (see readMyData): two index ranges merged, newest first. */
export function exportAccessLogSql(memberId: string) {
  return sql`select l.at, l.actor_role as "actorRole", l.action, l.what, l.prisoner_id as "prisonerId",
      l.actor_id = ${memberId}::uuid as you,
      case when l.actor_id = ${memberId}::uuid or l.actor_role in ('Lawyer', 'Jail-Authority', 'DLSA', 'State-Administrator') then u.name end as "actorName"
    from (
      (select x.* from ${accessLog} x
        where x.prisoner_id in (select f.prisoner_id from ${prisonerFollowers} f where f.family_member_id = ${memberId}::uuid)
        order by x.at desc, x.id desc limit ${EXPORT_LOG_ROWS})
      union
      (select x.* from ${accessLog} x where x.actor_id = ${memberId}::uuid order by x.at desc, x.id desc limit ${EXPORT_LOG_ROWS})
    ) l left join ${users} u on u.id = l.actor_id
    order by l.at desc, l.id desc limit ${EXPORT_LOG_ROWS}`;
}

/** Everything but the export's time and notes: what Rihaai holds about the member and the prisoners they follow. */
export async function readMyData(db: Db, memberId: string): Promise<Omit<MyData, 'exportedAt' | 'about'>> {
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      language: users.language,
      emailReminders: users.emailReminders,
      createdAt: users.createdAt,
      confirmedAt: users.confirmedAt,
      secondFactor: sql<boolean>`exists (select 1 from ${secondFactors} s where s.user_id = ${users.id} and s.enabled_at is not null)`,
      phone: familyMembers.phone,
      address: familyMembers.address,
      state: familyMembers.state,
      district: familyMembers.district,
      registeredAt: familyMembers.registeredAt,
      nomineeName: familyMemberNominees.name,
      nomineeRelation: familyMemberNominees.relation,
      nomineeEmail: familyMemberNominees.email,
      nomineePhone: familyMemberNominees.phone,
      nomineeUpdatedAt: familyMemberNominees.updatedAt,
      ngoName: ngos.name,
      ngoContact: ngos.contactInfo,
      ngoAssignedAt: ngoAssignments.assignedAt,
      bailAt: bailReviews.decidedAt,
      bailBy: sql<string | null>`(select u.name from ${users} u where u.id = ${bailReviews.decidedBy})`,
      bailByRole: sql<Role | null>`(select u.role from ${users} u where u.id = ${bailReviews.decidedBy})`,
    })
    .from(users)
    .leftJoin(familyMembers, eq(familyMembers.userId, users.id))
    .leftJoin(familyMemberNominees, eq(familyMemberNominees.familyMemberId, users.id))
    .leftJoin(ngoAssignments, eq(ngoAssignments.familyMemberId, users.id))
    .leftJoin(ngos, eq(ngos.id, ngoAssignments.ngoId))
    .leftJoin(bailReviews, eq(bailReviews.familyMemberId, users.id))
    .where(eq(users.id, memberId))
    .limit(1);
  if (!account) throw new Error('session user vanished');

  const followed = await db
    .select({
      id: prisoners.id,
      name: prisoners.name,
      nameLatin: prisoners.nameLatin,
      relativeName: prisoners.relativeName,
      gender: prisoners.gender,
      birthYear: prisoners.birthYear,
      prisonerNumber: prisoners.prisonerNumber,
      custodySince: prisoners.custodySince,
      status: prisoners.status,
      otherCasesElsewhere: prisoners.otherCasesElsewhere,
      yourRelation: prisonerFollowers.relation,
      version: prisoners.version,
      prisonTyped: prisoners.prisonOther,
      prisonName: prisons.name,
      prisonDistrict: prisons.district,
      prisonState: prisons.state,
      dlsaName: prisons.dlsaName,
      dlsaEmail: prisons.dlsaEmail,
      followers: sql<unknown>`(select coalesce(json_agg(json_build_object('name', u.name, 'relation', o.relation,
          'you', o.family_member_id = ${memberId}::uuid, 'joinedAt', o.joined_at) order by o.joined_at, o.family_member_id), '[]'::json)
        from ${prisonerFollowers} o join ${users} u on u.id = o.family_member_id where o.prisoner_id = ${prisoners.id})`,
    })
    .from(prisonerFollowers)
    .innerJoin(prisoners, eq(prisoners.id, prisonerFollowers.prisonerId))
    .leftJoin(prisons, eq(prisons.id, prisoners.prisonId))
    .where(eq(prisonerFollowers.familyMemberId, memberId))
    .orderBy(asc(prisonerFollowers.joinedAt), asc(prisoners.id));

  const caseRows = await db.select().from(cases).where(eq(cases.familyMemberId, memberId)).orderBy(asc(cases.createdAt), asc(cases.id));
  const caseIds = caseRows.map((c) => c.id);
  const hearingRows = caseIds.length
    ? await db
        .select({
          caseId: hearings.caseId,
          hearingOn: hearings.hearingOn,
          court: hearings.court,
          purpose: hearings.purpose,
          outcome: hearings.outcome,
          byName: users.name,
          byRole: users.role,
        })
        .from(hearings)
        .leftJoin(users, eq(users.id, hearings.recordedBy))
        .where(inArray(hearings.caseId, caseIds))
        .orderBy(asc(hearings.hearingOn))
    : [];
  const eventRows = caseIds.length
    ? await db
        .select({ caseId: caseEvents.caseId, kind: caseEvents.kind, at: caseEvents.at, byName: users.name, byRole: users.role })
        .from(caseEvents)
        .leftJoin(users, eq(users.id, caseEvents.actorId))
        .where(inArray(caseEvents.caseId, caseIds))
        .orderBy(asc(caseEvents.at))
    : [];

  const docRows = await db
    .select({
      id: documents.id,
      kind: documents.kind,
      filename: documents.filename,
      contentType: documents.contentType,
      size: documents.size,
      sha256: documents.sha256,
      createdAt: documents.createdAt,
      byName: users.name,
      byRole: users.role,
    })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploadedBy))
    .where(eq(documents.familyMemberId, memberId))
    .orderBy(desc(documents.createdAt));

  const lawyerRows = await db
    .select({
      name: lawyers.name,
      phone: lawyers.phone,
      courtArea: lawyers.courtArea,
      status: lawyerRequests.status,
      requestedAt: lawyerRequests.createdAt,
      decidedAt: lawyerRequests.decidedAt,
      endedAt: lawyerRequests.endedAt,
    })
    .from(lawyerRequests)
    .innerJoin(lawyers, eq(lawyers.userId, lawyerRequests.lawyerId))
    .where(eq(lawyerRequests.familyMemberId, memberId))
    .orderBy(asc(lawyerRequests.createdAt));

  // Who read or changed the record: every row naming a prisoner they follow (access_log_prisoner_idx)
  // and every row of the member's own (access_log_actor_idx), each an index range of at most
  // EXPORT_LOG_ROWS, merged newest first. (A row about the member with no prisoner, written while they
  // followed none, is in the administrator's log only: member_id has no index on this insert-only table.)
  const { rows: logRows } = (await db.execute(exportAccessLogSql(memberId))) as Rows<{
    at: Date | string;
    actorRole: Role;
    action: MyData['accessLog'][number]['action'];
    what: string;
    prisonerId: string | null;
    you: boolean;
    actorName: string | null;
  }>;

  const changeRows = await db
    .select({ action: auditEvents.action, at: auditEvents.at, byName: users.name, byRole: users.role })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(eq(auditEvents.subject, memberId))
    .orderBy(desc(auditEvents.at))
    .limit(EXPORT_LOG_ROWS);

  const notes = await db
    .select({ kind: notifications.kind, createdAt: notifications.createdAt, readAt: notifications.readAt })
    .from(notifications)
    .where(eq(notifications.userId, memberId))
    .orderBy(desc(notifications.createdAt))
    .limit(EXPORT_LOG_ROWS);
  const messages = await db
    .select({ message: contactMessages.message, createdAt: contactMessages.createdAt })
    .from(contactMessages)
    .where(eq(contactMessages.userId, memberId))
    .orderBy(desc(contactMessages.createdAt));

  const applications = await db
    .select({
      prisonerId: legalAidApplications.prisonerId,
      district: legalAidApplications.district,
      note: legalAidApplications.note,
      status: legalAidApplications.status,
      filedAt: legalAidApplications.filedAt,
      dueOn: legalAidApplications.dueOn,
      decidedAt: legalAidApplications.decidedAt,
      refusalReason: legalAidApplications.refusalReason,
      lawyerName: users.name,
    })
    .from(legalAidApplications)
    .leftJoin(users, eq(users.id, legalAidApplications.lawyerId))
    .where(eq(legalAidApplications.familyMemberId, memberId))
    .orderBy(desc(legalAidApplications.filedAt))
    .limit(EXPORT_LOG_ROWS);

  const { phone, address, state, district, registeredAt } = account;
  return {
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      language: account.language,
      emailReminders: account.emailReminders,
      createdAt: isoReq(account.createdAt),
      confirmedAt: iso(account.confirmedAt),
      secondFactor: account.secondFactor,
    },
    registration:
      phone !== null && address !== null && registeredAt ? { phone, address, state, district, registeredAt: isoReq(registeredAt) } : null,
    nominee:
      account.nomineeName !== null && account.nomineeUpdatedAt
        ? {
            name: account.nomineeName,
            relation: account.nomineeRelation ?? '',
            email: account.nomineeEmail,
            phone: account.nomineePhone,
            updatedAt: isoReq(account.nomineeUpdatedAt),
          }
        : null,
    prisoners: followed.map((p) => ({
      id: p.id,
      name: p.name,
      nameLatin: p.nameLatin,
      relativeName: p.relativeName,
      gender: p.gender,
      birthYear: p.birthYear,
      prisonerNumber: p.prisonerNumber,
      custodySince: p.custodySince,
      status: p.status,
      otherCasesElsewhere: p.otherCasesElsewhere,
      yourRelation: p.yourRelation,
      version: p.version,
      prison:
        p.prisonName !== null
          ? {
              name: p.prisonName,
              district: p.prisonDistrict ?? '',
              state: p.prisonState,
              dlsaName: p.dlsaName ?? '',
              dlsaEmail: p.dlsaEmail ?? '',
            }
          : null,
      prisonTyped: p.prisonTyped,
      followers: (typeof p.followers === 'string' ? (JSON.parse(p.followers) as unknown[]) : (p.followers as unknown[])).map((f) => {
        const o = f as { name: string; relation: string; you: boolean; joinedAt: string };
        return { name: o.name, relation: o.relation, you: o.you, joinedAt: new Date(o.joinedAt).toISOString() };
      }),
    })),
    cases: caseRows.map((c) => {
      const { id, prisonerId, caseNumber, detail, caseType, createdAt, familyMemberId: _member, ...facts } = c;
      return {
        id,
        prisonerId,
        caseNumber,
        detail,
        caseType,
        createdAt: isoReq(createdAt),
        facts: facts,
        hearings: hearingRows
          .filter((h) => h.caseId === id)
          .map((h) => ({
            hearingOn: h.hearingOn,
            court: h.court,
            purpose: h.purpose,
            outcome: h.outcome,
            recordedBy: person(h.byName, h.byRole),
          })),
        events: eventRows.filter((e) => e.caseId === id).map((e) => ({ kind: e.kind, at: isoReq(e.at), by: person(e.byName, e.byRole) })),
      };
    }),
    documents: docRows.map((d) => ({
      id: d.id,
      kind: d.kind,
      filename: d.filename,
      contentType: d.contentType,
      size: d.size,
      sha256: d.sha256,
      createdAt: isoReq(d.createdAt),
      uploadedBy: person(d.byName, d.byRole),
      downloadUrl: `/api/documents/${d.id}`,
    })),
    sharedWith: {
      lawyers: lawyerRows.map((l) => ({
        name: l.name,
        phone: l.phone,
        courtArea: l.courtArea,
        status: l.status,
        requestedAt: isoReq(l.requestedAt),
        decidedAt: iso(l.decidedAt),
        endedAt: iso(l.endedAt),
        seesYourRecord: l.status === 'pending' || l.status === 'accepted',
      })),
      ngo:
        account.ngoName !== null && account.ngoAssignedAt
          ? { name: account.ngoName, contactInfo: account.ngoContact ?? '', assignedAt: isoReq(account.ngoAssignedAt) }
          : null,
      bailAccepted: account.bailAt ? { at: isoReq(account.bailAt), by: person(account.bailBy, account.bailByRole) } : null,
    },
    accessLog: logRows.map((r) => ({
      at: isoReq(r.at),
      actorRole: r.actorRole,
      actorName: r.actorName,
      you: r.you,
      action: r.action,
      what: r.what,
      prisonerId: r.prisonerId,
    })),
    changes: changeRows.map((c) => ({ action: c.action, at: isoReq(c.at), by: person(c.byName, c.byRole) })),
    notifications: notes.map((n) => ({ kind: n.kind, createdAt: isoReq(n.createdAt), readAt: iso(n.readAt) })),
    contactMessages: messages.map((m) => ({ message: m.message, createdAt: isoReq(m.createdAt) })),
    legalAid: applications.map((a) => ({
      ...a,
      filedAt: isoReq(a.filedAt),
      decidedAt: iso(a.decidedAt),
    })),
  };
}

// The nominee -----------------------------------------------------------------------------------

export async function findNominee(db: Db, memberId: string): Promise<Nominee | null> {
  const [row] = await db.select().from(familyMemberNominees).where(eq(familyMemberNominees.familyMemberId, memberId)).limit(1);
  return row ? { name: row.name, relation: row.relation, email: row.email, phone: row.phone, updatedAt: isoReq(row.updatedAt) } : null;
}

export async function saveNominee(
  db: Db,
  memberId: string,
  v: { name: string; relation: string; email: string | null; phone: string | null },
): Promise<void> {
  const now = new Date();
  await db
    .insert(familyMemberNominees)
    .values({ familyMemberId: memberId, ...v, updatedAt: now })
    .onConflictDoUpdate({ target: familyMemberNominees.familyMemberId, set: { ...v, updatedAt: now } });
}

export async function deleteNominee(db: Db, memberId: string): Promise<boolean> {
  const rows = await db
    .delete(familyMemberNominees)
    .where(eq(familyMemberNominees.familyMemberId, memberId))
    .returning({ id: familyMemberNominees.familyMemberId });
  return rows.length > 0;
}

// The prisoner's details ------------------------------------------------------------------------

/** The prisoner's details, when this member follows them (else undefined: 404). */
export async function findPrisonerDetails(
  db: Db,
  memberId: string,
  prisonerId: string,
  lock = false,
): Promise<PrisonerDetails | undefined> {
  const q = db
    .select({
      id: prisoners.id,
      name: prisoners.name,
      nameLatin: prisoners.nameLatin,
      relativeName: prisoners.relativeName,
      gender: prisoners.gender,
      birthYear: prisoners.birthYear,
      prisonerNumber: prisoners.prisonerNumber,
      version: prisoners.version,
    })
    .from(prisoners)
    .innerJoin(prisonerFollowers, and(eq(prisonerFollowers.prisonerId, prisoners.id), eq(prisonerFollowers.familyMemberId, memberId)))
    .where(eq(prisoners.id, prisonerId))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: prisoners }) : await q;
  return row;
}

export async function updatePrisonerDetails(
  db: Db,
  prisonerId: string,
  v: Omit<PrisonerDetails, 'id' | 'version'>,
  version: number,
): Promise<void> {
  await db
    .update(prisoners)
    .set({ ...v, version: version + 1 })
    .where(eq(prisoners.id, prisonerId));
}

/**
 * The corrected name reaches the cases of this prisoner that carry it as a fact (the family's status
 * sentence reads it there): each such case's facts version moves on, so a form loaded before gets a
 * 409, and its timeline says who changed the name.
 */
export async function copyPrisonerNameToCases(db: Db, prisonerId: string, name: string, actorId: string): Promise<number> {
  const changed = await db
    .update(cases)
    .set({ prisonerName: name, factsVersion: sql`${cases.factsVersion} + 1` })
    .where(and(eq(cases.prisonerId, prisonerId), sql`${cases.prisonerName} is distinct from ${name}`))
    .returning({ id: cases.id });
  if (changed.length > 0)
    await db
      .insert(caseEvents)
      .values(changed.map((c) => ({ caseId: c.id, actorId, kind: 'facts_changed' as const, details: { fields: ['prisonerName'] } })));
  return changed.length;
}

// Erasure ---------------------------------------------------------------------------------------

/**
 * Why the member's data may not be erased now (docs/decisions/0054-rights-a-family-can-use.md): for
 * each prisoner they follow alone, with a case of theirs the court has not decided, while the proceeding is pending — held (in
 * custody, bailed but not out, moved), out on a bail order, or with a hearing from `today` on.
 */
export async function erasureRefusals(db: Db, memberId: string, today: string): Promise<ErasureRefusal[]> {
  const { rows } = (await db.execute(sql`select p.id, p.name, p.status,
      exists (select 1 from ${cases} c where c.prisoner_id = p.id and c.bail_granted_on is not null) as "onBail",
      exists (select 1 from ${hearings} h join ${cases} c on c.id = h.case_id where c.prisoner_id = p.id and h.hearing_on >= ${today}::date) as "hearingAhead"
    from ${prisonerFollowers} f join ${prisoners} p on p.id = f.prisoner_id
    where f.family_member_id = ${memberId}::uuid
      and not exists (select 1 from ${prisonerFollowers} o where o.prisoner_id = p.id and o.family_member_id <> ${memberId}::uuid)
      -- A case the court has decided (docs/retention.md#closed-cases) is no longer pending.
      and exists (select 1 from ${cases} c where c.prisoner_id = p.id and c.family_member_id = ${memberId}::uuid and c.disposed_on is null)
    order by f.joined_at, p.id`)) as Rows<{ id: string; name: string; status: string; onBail: boolean; hearingAhead: boolean }>;
  const out: ErasureRefusal[] = [];
  for (const r of rows) {
    const because =
      r.status === 'in-custody' || r.status === 'bailed-not-released' || r.status === 'transferred'
        ? r.status
        : r.hearingAhead
          ? 'hearing-ahead'
          : r.onBail
            ? 'on-bail'
            : null;
    if (because) out.push({ reason: 'pending_proceeding', prisonerId: r.id, prisonerName: r.name, because });
  }
  return out;
}

/** The member's identifying values, read before they go, to scrub the copies other rows hold. */
export async function findErasable(db: Db, memberId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email, phone: familyMembers.phone })
    .from(users)
    .leftJoin(familyMembers, eq(familyMembers.userId, users.id))
    .where(eq(users.id, memberId))
    .limit(1);
  const docs = await db
    .select({ id: documents.id, storage: documents.storage })
    .from(documents)
    .where(eq(documents.familyMemberId, memberId));
  return row ? { ...row, fileIds: docs.filter((d) => d.storage === 'file').map((d) => d.id) } : undefined;
}

/**
 * Erases the member in the caller's transaction: their cases of a prisoner another relative follows
 * pass to that relative (the relation to the member cleared); the audit rows they made or that are
 * about them keep only what was done and when; copies of their name, email and phone in other
 * people's notifications and in the email outbox go; then the account, which takes with it (by
 * cascade) the family record, its cases, hearings, papers, requests, NGO assignment (its seat freed),
 * nominee, sessions and second factor; a prisoner left with nobody and no case goes by trigger.
 */
export async function eraseMember(db: Db, memberId: string, who: { name: string; email: string; phone: string | null }): Promise<void> {
  // Cases of a prisoner another relative follows pass to the one who joined first (unless they hold the same case ID).
  await db.execute(sql`update ${cases} c set family_member_id = heir.id, prisoner_relation = null
    from (select distinct on (o.prisoner_id) o.prisoner_id, o.family_member_id as id from ${prisonerFollowers} o
          where o.family_member_id <> ${memberId}::uuid
            and o.prisoner_id in (select f.prisoner_id from ${prisonerFollowers} f where f.family_member_id = ${memberId}::uuid)
          order by o.prisoner_id, o.joined_at, o.family_member_id) heir
    where c.family_member_id = ${memberId}::uuid and c.prisoner_id = heir.prisoner_id
      and not exists (select 1 from ${cases} x where x.family_member_id = heir.id and x.case_number = c.case_number)`);
  // The audit keeps the action and time only; the actor and subject are the pseudonymous id.
  await db
    .update(auditEvents)
    .set({ details: null })
    .where(sql`${auditEvents.actorId} = ${memberId}::uuid or ${auditEvents.subject} = ${memberId}`);
  const needles = [who.name, who.email, ...(who.phone ? [who.phone, who.phone.replace(/^\+91/, '')] : [])].filter((n) => n.length >= 3);
  const mentions = (column: SQL) =>
    sql.join(
      needles.map((n) => sql`strpos(${column}, ${n}) > 0`),
      sql` or `,
    );
  await db
    .delete(notifications)
    .where(sql`${notifications.userId} <> ${memberId}::uuid and (${mentions(sql`${notifications.params}::text`)})`);
  await db.execute(sql`delete from email_outbox o where o."to" = ${who.email} or ${mentions(sql`o.subject`)} or ${mentions(sql`o.text`)}`);
  await db.delete(contactMessages).where(sql`${contactMessages.userId} = ${memberId}::uuid or ${contactMessages.email} = ${who.email}`);
  await db.execute(sql`delete from rate_limits r where strpos(r.key, ${memberId}) > 0 or strpos(r.key, ${who.email}) > 0`);
  // The papers' bytes leave the upload quotas (their uploaders' and the deployment's) as the papers go.
  await db.execute(sql`update upload_usage u set bytes = greatest(0, u.bytes - d.total)
    from (select 'user:' || x.uploaded_by::text as scope, sum(x.size) as total from ${documents} x
            where x.family_member_id = ${memberId}::uuid and x.uploaded_by is not null group by x.uploaded_by
          union all
          select 'deployment', sum(x.size) from ${documents} x where x.family_member_id = ${memberId}::uuid having count(*) > 0) d
    where u.scope = d.scope`);
  await db.execute(sql`delete from upload_usage u where u.scope = ${`user:${memberId}`}`);
  // The member's NGO seat is free again: the NGO keeps the capacity it set (free + assigned), as the
  // assignment goes with the account below (its trigger lowers the NGO's assigned count).
  await db.execute(sql`update ${ngos} g set seats_free = g.seats_free + 1
    from ${ngoAssignments} a where a.family_member_id = ${memberId}::uuid and g.id = a.ngo_id`);
  await db.delete(users).where(eq(users.id, memberId));
}
