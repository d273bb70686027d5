// A facts save in one statement while the case's row is as it was read (saveFactsAsRead), and the
// locked path when it is not (docs/decisions/0069-case-facts-save-in-one-statement.md).
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CaseFactsInput } from '#shared/cases.ts';
import { CaseFactsInputSchema } from '#shared/cases.ts';
import { auditEvents, caseEvents, cases } from '#server/db/schema.ts';
import { saveFactsAsRead } from '#server/lib/case-facts.ts';
import { findCaseForAccess } from './cases.queries.ts';
import { changeCaseFacts } from './cases.use-cases.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();

const facts: CaseFactsInput = {
  custodySince: '2024-01-01',
  court: 'Saket District Court',
  offences: [{ code: 'theft' }],
  firstOffence: true,
  chargesheetFiledOn: '2024-02-01',
};
const parsed = (input: CaseFactsInput) => CaseFactsInputSchema.parse(input);

async function setUp() {
  const fm = await createFamilyMember(t.db, { name: 'Kamla Devi' });
  const caseId = fm.cases[0]!.id;
  const found = await findCaseForAccess(t.db, caseId, null);
  return { memberId: fm.user.id, caseId, read: found!.row };
}

const entries = async (caseId: string, memberId: string) => ({
  events: await t.db.select().from(caseEvents).where(eq(caseEvents.caseId, caseId)),
  audits: await t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subject, memberId), eq(auditEvents.action, 'case.facts_changed'))),
});

describe('saveFactsAsRead', () => {
  it('writes the facts, their dates, one timeline entry and one audit entry while the row is as read', async () => {
    const { memberId, caseId, read } = await setUp();
    const saved = await saveFactsAsRead(t.db, read, memberId, parsed(facts), read.factsVersion);
    const fields = saved!.fields;
    expect(fields).toEqual(expect.arrayContaining(['custodySince', 'court', 'offences']));
    const [row] = await t.db.select().from(cases).where(eq(cases.id, caseId));
    expect(row).toMatchObject({ court: 'Saket District Court', factsVersion: read.factsVersion + 1 });
    expect(row!.s479EligibleOn).not.toBeNull();
    // The row it hands back is the row as written, column for column, and the entry's time is the entry's.
    expect(saved!.row).toEqual(row);
    const { events, audits } = await entries(caseId, memberId);
    expect(events).toHaveLength(1);
    expect(saved!.at).toBe(events[0]!.at.toISOString());
    expect(events[0]!.details).toEqual({ fields });
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toEqual({ caseId, fields });
  });

  it('writes nothing and hands over (null) when the row changed after it was read', async () => {
    const { memberId, caseId, read } = await setUp();
    // Another change of the row (not of its facts) after the read: its xmin moves.
    await t.db.update(cases).set({ detail: 'moved on' }).where(eq(cases.id, caseId));
    expect(await saveFactsAsRead(t.db, read, memberId, parsed(facts), read.factsVersion)).toBeNull();
    const [row] = await t.db.select().from(cases).where(eq(cases.id, caseId));
    expect(row!.court).toBe(read.court);
    expect(row!.factsVersion).toBe(read.factsVersion);
    expect(await entries(caseId, memberId)).toEqual({ events: [], audits: [] });

    // The use case then takes the locked path: saved once, recorded once.
    await changeCaseFacts(t.db, memberId, read, parsed(facts), read.factsVersion, 'http://localhost:3000');
    const [after] = await t.db.select().from(cases).where(eq(cases.id, caseId));
    expect(after).toMatchObject({ court: 'Saket District Court', detail: 'moved on', factsVersion: read.factsVersion + 1 });
    const { events, audits } = await entries(caseId, memberId);
    expect(events).toHaveLength(1);
    expect(audits).toHaveLength(1);
  });

  it('hands over (null) a save from another version, and writes nothing for no change', async () => {
    const { memberId, caseId, read } = await setUp();
    expect(await saveFactsAsRead(t.db, read, memberId, parsed(facts), read.factsVersion + 1)).toBeNull();
    expect(await saveFactsAsRead(t.db, read, memberId, parsed({}), read.factsVersion)).toMatchObject({ fields: [], at: null });
    expect(await entries(caseId, memberId)).toEqual({ events: [], audits: [] });
  });
});

describe('PUT /api/cases/:caseId/facts', () => {
  it('answers with the case exactly as a read of it right after shows it, for each kind of save', async () => {
    const fm = await createFamilyMember(t.db, { name: 'Kamla Devi' });
    const cookie = await sessionCookie(t.db, fm.user.id);
    const caseId = fm.cases[0]!.id;
    const read = async () => (await t.request('GET', `/api/cases/${caseId}`, { cookie })).json<{ factsVersion: number }>();
    const saves: CaseFactsInput[] = [
      facts,
      { ...facts, court: 'Tis Hazari Court', delayByAccusedDays: 12 },
      // Nothing changed: no entry, the same case.
      { ...facts, court: 'Tis Hazari Court', delayByAccusedDays: 12 },
      { ...facts, offences: [{ code: 'theft' }, { code: 'cheating' }], firstOffence: false, chargesheetFiledOn: null },
      {},
    ];
    for (const input of saves) {
      const { factsVersion } = await read();
      const res = await t.request('PUT', `/api/cases/${caseId}/facts`, { cookie, body: { ...input, version: factsVersion } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(await read());
    }
    expect((await read()).factsVersion).toBe(4);
  });
});
