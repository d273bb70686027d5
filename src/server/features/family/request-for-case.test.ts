// A request to a lawyer says which prisoner and case it is for: the family picks one of its own cases
// (their only one when they have one), and the lawyer's pending request names it.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PendingRequestList } from '#shared/lawyers.ts';
import { lawyerRequests } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createLawyer, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();

function call(method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'sec-fetch-site': 'same-origin', cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

let lawyer: { id: string; cookie: string };
beforeAll(async () => {
  const l = await createLawyer(t.db, { name: 'Adv. Kapoor' });
  lawyer = { id: l.user.id, cookie: await sessionCookie(t.db, l.user.id) };
});

async function member(caseCount: number) {
  const fm = await createFamilyMember(t.db, { cases: Array.from({ length: caseCount }, () => ({})) });
  return { id: fm.user.id, cases: fm.cases, cookie: await sessionCookie(t.db, fm.user.id) };
}

const pending = async () => (await call('GET', '/api/lawyers/requests', lawyer.cookie)).json<PendingRequestList>().requests;
const requestsOf = (memberId: string) => t.db.select().from(lawyerRequests).where(eq(lawyerRequests.familyMemberId, memberId));

describe('a lawyer request names its case', () => {
  it('the family picks its second case; the lawyer’s pending request says it is for that case', async () => {
    const fm = await member(2);
    const res = await call('POST', '/api/family/requests', fm.cookie, { lawyerId: lawyer.id, caseId: fm.cases[1]!.id });
    expect(res.statusCode, res.body).toBe(201);
    const mine = (await pending()).find((r) => r.familyMember.id === fm.id)!;
    expect(mine.forCaseId).toBe(fm.cases[1]!.id);
    expect(mine.familyMember.cases.map((c) => c.id)).toContain(mine.forCaseId);
  });

  it('without a case: the only case of a member with one, none said for a member with several', async () => {
    const one = await member(1);
    const several = await member(3);
    expect((await call('POST', '/api/family/requests', one.cookie, { lawyerId: lawyer.id })).statusCode).toBe(201);
    expect((await call('POST', '/api/family/requests', several.cookie, { lawyerId: lawyer.id })).statusCode).toBe(201);
    const list = await pending();
    expect(list.find((r) => r.familyMember.id === one.id)!.forCaseId).toBe(one.cases[0]!.id);
    expect(list.find((r) => r.familyMember.id === several.id)!.forCaseId).toBeNull();
  });

  it('another family’s case is not found (404) and nothing is written; a malformed id is refused (400)', async () => {
    const fm = await member(1);
    const other = await member(1);
    const res = await call('POST', '/api/family/requests', fm.cookie, { lawyerId: lawyer.id, caseId: other.cases[0]!.id });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('not_found');
    expect(await requestsOf(fm.id)).toEqual([]);
    const bad = await call('POST', '/api/family/requests', fm.cookie, { lawyerId: lawyer.id, caseId: 'case-1' });
    expect(bad.statusCode).toBe(400);
    expect(await requestsOf(fm.id)).toEqual([]);
  });
});
