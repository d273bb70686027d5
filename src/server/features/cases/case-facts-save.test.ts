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
import { createFamilyMember } from '#tests/factories.ts';

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
    const fields = await saveFactsAsRead(t.db, read, memberId, parsed(facts), read.factsVersion);
    expect(fields).toEqual(expect.arrayContaining(['custodySince', 'court', 'offences']));
    const [row] = await t.db.select().from(cases).where(eq(cases.id, caseId));
    expect(row).toMatchObject({ court: 'Saket District Court', factsVersion: read.factsVersion + 1 });
    expect(row!.s479EligibleOn).not.toBeNull();
    const { events, audits } = await entries(caseId, memberId);
    expect(events).toHaveLength(1);
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
    expect(await saveFactsAsRead(t.db, read, memberId, parsed({}), read.factsVersion)).toEqual([]);
    expect(await entries(caseId, memberId)).toEqual({ events: [], audits: [] });
  });
});
