// The hot reads each cost a fixed number of SQL statements, counted through the whole request
// (the session lookup included): the same with a handful of rows as with many, and, for the jail
// dashboard, two in all — the session, and one statement for the page with its cases, lawyers,
// papers, NGO, counters and charts (docs/decisions/0009-jail-dashboard-at-scale.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembersPage } from '#shared/jail.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import {
  createBailReview,
  createDocument,
  createFamilyMember,
  createJailAuthority,
  createLawyer,
  createLawyerRequest,
  createNgo,
  createNgoAssignment,
  sessionCookie,
} from './factories.ts';

/**
 * The jail dashboard: the session lookup, one statement, and the access log's one row for the page
 * (docs/decisions/0049-access-log.md).
 */
const DASHBOARD_STATEMENTS = 3;

let t: TestApp;
let jail: string;

beforeAll(async () => {
  t = await createTestApp();
  jail = await sessionCookie(t.db, (await createJailAuthority(t.db)).id);
});
afterAll(() => t.close());

async function statements(url: string, cookie: string) {
  const { result, count } = await t.countQueries(() => t.request('GET', url, { cookie }));
  expect(result.statusCode, `${url}: ${result.body}`).toBe(200);
  return { count, body: result.body };
}

const prefix = `hot${Date.now().toString(36)}`;

/** Every kind of dashboard read, with the statements each cost. */
async function dashboard(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const read = async (name: string, query: string) => {
    const { count, body } = await statements(`/api/jail/members?${query}`, jail);
    out[name] = count;
    return JSON.parse(body) as MembersPage;
  };
  const first = await read('first page', 'pageSize=25');
  const second = await read('page 2 by number', 'pageSize=25&page=2');
  if (first.nextCursor) await read('next by cursor', `pageSize=25&after=${first.nextCursor}`);
  if (second.prevCursor) await read('previous by cursor', `pageSize=25&before=${second.prevCursor}`);
  await read('last page', 'pageSize=25&last=true');
  await read('search by name', `q=${prefix}`);
  await read('search, no match', `q=${prefix}-nobody`);
  for (const filter of ['no-lawyer', 'no-ngo', 'bail-waiting', 'bail-accepted', 'eligible-now'])
    await read(`filter ${filter}`, `filter=${filter}`);
  await read('search and filter', `q=${prefix}&filter=bail-waiting&pageSize=50`);
  return out;
}

describe('statements per hot read', () => {
  it(
    'the jail dashboard: three statements for every page, search and filter, with 30 bare members or 90 with full rows',
    { timeout: 180_000 },
    async () => {
      for (let i = 0; i < 30; i++) await createFamilyMember(t.db, { name: `${prefix} few ${String(i).padStart(2, '0')}` });
      // The first dashboard read of the day in a process also moves the release clock: one
      // statement more, once a day; every other read is the two counted below.
      expect((await statements('/api/jail/members?pageSize=25', jail)).count).toBe(DASHBOARD_STATEMENTS + 1);
      const few = await dashboard();

      const lawyers = [await createLawyer(t.db), await createLawyer(t.db)];
      const ngo = await createNgo(t.db, { seatsFree: 100 });
      for (let i = 0; i < 60; i++) {
        const { user } = await createFamilyMember(t.db, { name: `${prefix} many ${String(i).padStart(2, '0')}`, cases: [{}, {}] });
        for (const l of lawyers) await createLawyerRequest(t.db, { familyMemberId: user.id, lawyerId: l.user.id, status: 'accepted' });
        await createDocument(t.db, { familyMemberId: user.id, uploadedBy: lawyers[0]!.user.id });
        await createDocument(t.db, { familyMemberId: user.id });
        await createNgoAssignment(t.db, { familyMemberId: user.id, ngoId: ngo.id });
        if (i % 2 === 0) await createBailReview(t.db, { familyMemberId: user.id });
      }
      const many = await dashboard();

      expect(Object.keys(many)).toEqual(Object.keys(few));
      for (const [name, count] of Object.entries(many)) {
        expect(count, name).toBe(DASHBOARD_STATEMENTS);
        expect(few[name], name).toBe(DASHBOARD_STATEMENTS);
      }
      // The one statement carries the children: a full row has them all.
      const page = JSON.parse(
        (await statements(`/api/jail/members?q=${encodeURIComponent(`${prefix} many`)}&pageSize=50`, jail)).body,
      ) as MembersPage;
      expect(page.items).toHaveLength(50);
      expect(page.items.every((m) => m.cases.length === 2 && m.lawyers.length === 2 && m.documents.length === 2 && m.ngo)).toBe(true);
      expect(page.items.every((m) => m.firstLawyerPaperId !== null)).toBe(true);
      expect(page.items.filter((m) => m.bailReview).length).toBe(25);
    },
  );

  it(
    'family lawyer search and case status, lawyer pending requests and clients: the same count with 1 row or many',
    { timeout: 180_000 },
    async () => {
      const lawyer = await createLawyer(t.db, { lawyerType: 'Criminal Defense Lawyer' });
      const lawyerCookie = await sessionCookie(t.db, lawyer.user.id);
      const { user: member } = await createFamilyMember(t.db, {
        name: `${prefix} family`,
        cases: [{ caseType: 'Criminal Defense Lawyer' }],
      });
      const familyCookie = await sessionCookie(t.db, member.id);
      await createLawyerRequest(t.db, { familyMemberId: member.id, lawyerId: lawyer.user.id, status: 'accepted' });
      const { user: pending } = await createFamilyMember(t.db, { name: `${prefix} pending` });
      await createLawyerRequest(t.db, { familyMemberId: pending.id, lawyerId: lawyer.user.id });

      // A page after the first: a cursor at the start of the far rank (docs/decisions/0016-lawyer-search-keyset-pages.md).
      const nextPage = Buffer.from(JSON.stringify([2, '', '00000000-0000-0000-0000-000000000000'])).toString('base64url');
      // The lawyer's lists after a cursor (docs/decisions/0028-lawyer-lists-keyset-pages.md): a time in the middle of them.
      const listPage = Buffer.from(
        JSON.stringify([new Date().toISOString().replace('Z', '000Z'), '00000000-0000-0000-0000-000000000000']),
      ).toString('base64url');
      const reads = async () => ({
        lawyerSearch: (await statements('/api/family/lawyers', familyCookie)).count,
        lawyerSearchNextPage: (await statements(`/api/family/lawyers?after=${nextPage}`, familyCookie)).count,
        caseStatus: (await statements('/api/family/cases', familyCookie)).count,
        pending: (await statements('/api/lawyers/requests', lawyerCookie)).count,
        pendingNextPage: (await statements(`/api/lawyers/requests?after=${listPage}`, lawyerCookie)).count,
        clients: (await statements('/api/lawyers/clients', lawyerCookie)).count,
        clientsNextPage: (await statements(`/api/lawyers/clients?after=${listPage}`, lawyerCookie)).count,
      });
      const few = await reads();

      for (let i = 0; i < 8; i++) await createLawyer(t.db, { lawyerType: 'Criminal Defense Lawyer' });
      const ngo = await createNgo(t.db, { seatsFree: 10 });
      await createNgoAssignment(t.db, { familyMemberId: member.id, ngoId: ngo.id });
      await createDocument(t.db, { familyMemberId: member.id, uploadedBy: lawyer.user.id });
      for (let i = 0; i < 12; i++) {
        const { user } = await createFamilyMember(t.db, { name: `${prefix} more ${i}`, cases: [{}, {}] });
        await createLawyerRequest(t.db, { familyMemberId: user.id, lawyerId: lawyer.user.id, status: i % 2 ? 'pending' : 'accepted' });
        await createDocument(t.db, { familyMemberId: user.id });
      }
      const many = await reads();

      expect(many).toEqual(few);
      // The session lookup and one statement each (docs/decisions/0023-family-and-lawyer-reads-in-one-statement.md);
      // a page of records read adds the access log's one row (docs/decisions/0049-access-log.md).
      expect(many).toEqual({
        lawyerSearch: 2,
        lawyerSearchNextPage: 2,
        caseStatus: 3,
        pending: 3,
        pendingNextPage: 3,
        clients: 3,
        clientsNextPage: 3,
      });
    },
  );
});
