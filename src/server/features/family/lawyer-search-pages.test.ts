// The family's lawyer search in keyset pages (docs/decisions/0016-lawyer-search-keyset-pages.md): every
// matching lawyer exactly once across the pages, nearby first and by name and id within each rank, a
// bounded page, and a 400 for a cursor the server did not write.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LAWYER_SEARCH_PAGE_SIZE, type LawyerSearch } from '#shared/family.ts';
import type { CaseType } from '#shared/constants.ts';
import { lawyers, users } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createLawyer, createLawyerRequest, sessionCookie } from '#tests/factories.ts';

const SITAPUR = { state: 'UP', district: 'Sitapur' };
const LUCKNOW = { state: 'UP', district: 'Lucknow' };
const NEW_DELHI = { state: 'DL', district: 'New Delhi' };
const PLACES = [SITAPUR, LUCKNOW, NEW_DELHI, undefined];
const RANK = { district: 0, state: 1, other: 2 } as const;

const t = useTestApp();

async function readAllPages(cookie: string) {
  const pages: LawyerSearch[] = [];
  let after: string | null = null;
  do {
    const url: string = after === null ? '/api/family/lawyers' : `/api/family/lawyers?after=${encodeURIComponent(after)}`;
    const res = await t.request('GET', url, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<LawyerSearch>();
    pages.push(page);
    after = page.nextCursor;
    expect(pages.length, 'pages end').toBeLessThan(20);
  } while (after !== null);
  return pages;
}

/** Byte order of zero-padded names and of uuids: the same in every collation. */
const byKey = (a: { rank: number; name: string; id: string }, b: { rank: number; name: string; id: string }) =>
  a.rank - b.rank || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe('lawyer search pages', () => {
  it('returns every matching lawyer exactly once across pages, nearby first, by name then id', { timeout: 120_000 }, async () => {
    const types: CaseType[] = ['Intellectual Property Lawyer', 'International Law Attorney'];
    const member = await createFamilyMember(t.db, { location: SITAPUR, cases: [{ caseType: types[0] }, { caseType: types[1] }] });
    const cookie = await sessionCookie(t.db, member.user.id);
    const made: { id: string; name: string; rank: number }[] = [];
    for (let i = 0; i < 52; i++) {
      const place = PLACES[i % PLACES.length];
      // Every name twice (in different places and types): the id breaks the tie.
      const name = `Adv ${String(Math.floor(i / 2)).padStart(2, '0')}`;
      const l = await createLawyer(t.db, { name, lawyerType: types[i % 2]!, ...(place ? { location: place } : {}) });
      const rank = place === SITAPUR ? RANK.district : place === LUCKNOW ? RANK.state : RANK.other;
      made.push({ id: l.user.id, name, rank });
    }
    // Another type, and lawyers this member already asked, are not in the search.
    await createLawyer(t.db, { lawyerType: 'Corporate Lawyer', location: SITAPUR });
    const asked = made.splice(5, 2);
    for (const l of asked) await createLawyerRequest(t.db, { familyMemberId: member.user.id, lawyerId: l.id });

    const pages = await readAllPages(cookie);
    const seen = pages.flatMap((p) => p.lawyers);
    expect(pages.map((p) => p.lawyers.length)).toEqual([LAWYER_SEARCH_PAGE_SIZE, LAWYER_SEARCH_PAGE_SIZE, 10]);
    expect(seen.map((l) => l.id)).toEqual([...made].sort(byKey).map((l) => l.id));
    expect(new Set(seen.map((l) => l.id)).size).toBe(seen.length);
    expect(seen.map((l) => RANK[l.nearness])).toEqual([...made].sort(byKey).map((l) => l.rank));
    // Every page carries the member's facts the page explains the list with.
    for (const p of pages) expect(p).toMatchObject({ caseTypes: types, location: SITAPUR });
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('a lawyer asked between two pages leaves the list without moving the rest', async () => {
    const type: CaseType = 'Environmental Lawyer';
    const member = await createFamilyMember(t.db, { cases: [{ caseType: type }] });
    const cookie = await sessionCookie(t.db, member.user.id);
    const ids: string[] = [];
    for (let i = 0; i < LAWYER_SEARCH_PAGE_SIZE + 5; i++)
      ids.push((await createLawyer(t.db, { name: `Env ${String(i).padStart(2, '0')}`, lawyerType: type })).user.id);
    const first = (await t.request('GET', '/api/family/lawyers', { cookie })).json<LawyerSearch>();
    expect(first.lawyers.map((l) => l.id)).toEqual(ids.slice(0, LAWYER_SEARCH_PAGE_SIZE));
    await createLawyerRequest(t.db, { familyMemberId: member.user.id, lawyerId: ids[3]! });
    const next = (await t.request('GET', `/api/family/lawyers?after=${first.nextCursor}`, { cookie })).json<LawyerSearch>();
    expect(next.lawyers.map((l) => l.id)).toEqual(ids.slice(LAWYER_SEARCH_PAGE_SIZE));
    expect(next.nextCursor).toBeNull();
  });

  it('orders by the lawyer’s current name: a renamed lawyer moves', async () => {
    const type: CaseType = 'Labor & Employment Attorney';
    const member = await createFamilyMember(t.db, { cases: [{ caseType: type }] });
    const cookie = await sessionCookie(t.db, member.user.id);
    const a = await createLawyer(t.db, { name: 'Labour A', lawyerType: type });
    const b = await createLawyer(t.db, { name: 'Labour B', lawyerType: type });
    await t.db.update(users).set({ name: 'Labour C' }).where(eq(users.id, a.user.id));
    const [row] = await t.db.select({ name: lawyers.name }).from(lawyers).where(eq(lawyers.userId, a.user.id));
    expect(row?.name).toBe('Labour C');
    const body = (await t.request('GET', '/api/family/lawyers', { cookie })).json<LawyerSearch>();
    expect(body.lawyers.map((l) => [l.id, l.name])).toEqual([
      [b.user.id, 'Labour B'],
      [a.user.id, 'Labour C'],
    ]);
  });

  it('refuses a cursor it did not write, and unknown parameters, with 400 on the field', async () => {
    const member = await createFamilyMember(t.db, { cases: [{ caseType: 'Constitutional Lawyer' }] });
    const cookie = await sessionCookie(t.db, member.user.id);
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const id = member.user.id;
    for (const after of [
      'not-a-cursor',
      encode(['Adv', id]),
      encode([3, 'Adv', id]),
      encode([0, 'Adv', 'not-a-uuid']),
      encode({ rank: 0, name: 'Adv', id }),
      'x'.repeat(1_001),
      '',
    ]) {
      const res = await t.request('GET', `/api/family/lawyers?after=${encodeURIComponent(after)}`, { cookie });
      expect(res.statusCode, after).toBe(400);
      expect(res.json<{ error: { code: string; details: { path: string }[] } }>().error).toMatchObject({
        code: 'validation',
        details: [expect.objectContaining({ path: 'after' })],
      });
    }
    const unknown = await t.request('GET', '/api/family/lawyers?pageSize=5000', { cookie });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: { code: string } }>().error.code).toBe('validation');
    // A cursor that is well formed is answered, whatever it names.
    const ok = await t.request('GET', `/api/family/lawyers?after=${encode([1, 'zzz', id])}`, { cookie });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
