// The lawyer's pending requests and accepted clients in keyset pages
// (docs/decisions/0028-lawyer-lists-keyset-pages.md): every item exactly once across the pages, in the
// list's order (requests oldest first, clients most recently accepted first, the id breaking ties to
// the microsecond), a bounded page, items answered between two pages neither repeated nor skipped, and
// a 400 for a cursor the server did not write.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LAWYER_LIST_PAGE_SIZE, PendingRequestListSchema, type LawyerClientList, type PendingRequestList } from '#shared/lawyers.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createLawyer, createLawyerRequest, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();

async function readAll<P extends { nextCursor: string | null }>(path: string, cookie: string): Promise<P[]> {
  const pages: P[] = [];
  let after: string | null = null;
  do {
    const url: string = after === null ? path : `${path}?after=${encodeURIComponent(after)}`;
    const res = await t.request('GET', url, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<P>();
    pages.push(page);
    after = page.nextCursor;
    expect(pages.length, 'pages end').toBeLessThan(20);
  } while (after !== null);
  return pages;
}

/** A lawyer with `n` requests in the given status from members with two cases each. */
async function lawyerWith(n: number, status: 'pending' | 'accepted', times: (i: number) => { createdAt: Date; decidedAt?: Date | null }) {
  const lawyer = await createLawyer(t.db);
  const made: { requestId: string; memberId: string }[] = [];
  for (let i = 0; i < n; i++) {
    const member = await createFamilyMember(t.db, { name: `Member ${String(i).padStart(2, '0')}`, cases: [{}, {}] });
    const { createdAt, decidedAt } = times(i);
    const request = await createLawyerRequest(t.db, {
      familyMemberId: member.user.id,
      lawyerId: lawyer.user.id,
      status,
      createdAt,
      ...(decidedAt !== undefined ? { decidedAt } : {}),
    });
    made.push({ requestId: request.id, memberId: member.user.id });
  }
  return { lawyer, cookie: await sessionCookie(t.db, lawyer.user.id), made };
}

const base = Date.parse('2026-03-01T10:00:00Z');
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('the lawyer’s pending requests in pages', () => {
  it('gives every pending request once, oldest first, the id breaking a tie, with all its cases', { timeout: 120_000 }, async () => {
    // Three requests share each time: the id orders them.
    const { cookie, made } = await lawyerWith(2 * LAWYER_LIST_PAGE_SIZE + 5, 'pending', (i) => ({
      createdAt: new Date(base + Math.floor(i / 3) * 60_000),
    }));
    const expected = made
      .map((m, i) => ({ ...m, at: Math.floor(i / 3) }))
      .sort((a, b) => a.at - b.at || byId(a.requestId, b.requestId))
      .map((m) => m.requestId);
    const pages = await readAll<PendingRequestList>('/api/lawyers/requests', cookie);
    expect(pages.map((p) => p.requests.length)).toEqual([LAWYER_LIST_PAGE_SIZE, LAWYER_LIST_PAGE_SIZE, 5]);
    expect(pages.flatMap((p) => p.requests.map((r) => r.id))).toEqual(expected);
    for (const r of pages.flatMap((p) => p.requests)) expect(r.familyMember.cases).toHaveLength(2);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('sends text that is the schema’s own serialisation, whatever the family typed (quotes, a backslash, a line break, Devanagari)', async () => {
    const lawyer = await createLawyer(t.db);
    const odd = 'Sunita "Munni" Devi \\ सुनीता\nline two\t<tab>';
    const member = await createFamilyMember(t.db, {
      name: odd,
      address: `${odd}, 12 Gali`,
      cases: [{ detail: `${odd} — IPC 379`, prisonerName: `Ramesh ${odd}` }],
    });
    await createLawyerRequest(t.db, { familyMemberId: member.user.id, lawyerId: lawyer.user.id, status: 'pending' });
    const res = await t.request('GET', '/api/lawyers/requests', { cookie: await sessionCookie(t.db, lawyer.user.id) });
    expect(res.statusCode, res.body).toBe(200);
    const page = PendingRequestListSchema.parse(JSON.parse(res.body));
    expect(res.body).toBe(JSON.stringify(page));
    expect(page.requests[0]!.familyMember.name).toBe(odd);
    expect(page.requests[0]!.familyMember.cases[0]!.detail).toBe(`${odd} — IPC 379`);
  });

  it('shows each case’s id, type, detail and prisoner, not the record’s facts, until the lawyer accepts', async () => {
    const { cookie, made } = await lawyerWith(1, 'pending', () => ({ createdAt: new Date(base) }));
    const [request] = (await t.request('GET', '/api/lawyers/requests', { cookie })).json<PendingRequestList>().requests;
    // With whom the case is against, so the lawyer knows whom the request is for
    // (docs/decisions/0050-relatives-join-by-invitation.md); the facts wait for the acceptance.
    for (const c of request!.familyMember.cases)
      expect(Object.keys(c).sort()).toEqual(['caseNumber', 'caseType', 'detail', 'id', 'prisonerName']);
    const accepted = await t.request('POST', `/api/lawyers/requests/${made[0]!.requestId}/accept`, { cookie });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [client] = (await t.request('GET', '/api/lawyers/clients', { cookie })).json<LawyerClientList>().clients;
    expect(client!.cases).toHaveLength(2);
    for (const c of client!.cases) expect(c).toHaveProperty('facts');
    for (const c of client!.cases) expect(c).toHaveProperty('release');
  });

  it('cuts pages at the database’s microseconds, not the milliseconds of a JavaScript date', async () => {
    const { lawyer, cookie } = await lawyerWith(LAWYER_LIST_PAGE_SIZE + 3, 'pending', () => ({ createdAt: new Date(base) }));
    // Times that differ below a millisecond: a cursor rounded to the millisecond would repeat or skip them.
    await t.db.execute(
      sql`update lawyer_requests r set created_at = '2026-03-01T10:00:00Z'::timestamptz + (n.k * interval '1 microsecond')
        from (select id, row_number() over (order by id desc) as k from lawyer_requests where lawyer_id = ${lawyer.user.id}) n
        where r.id = n.id`,
    );
    const pages = await readAll<PendingRequestList>('/api/lawyers/requests', cookie);
    const ids = pages.flatMap((p) => p.requests.map((r) => r.id));
    expect(ids).toHaveLength(LAWYER_LIST_PAGE_SIZE + 3);
    // row_number over id desc: the newest time is the smallest id, so oldest first is id descending.
    expect(ids).toEqual([...ids].sort(byId).reverse());
  });

  it('a request answered between two pages neither repeats nor hides another', async () => {
    const { cookie, made } = await lawyerWith(LAWYER_LIST_PAGE_SIZE + 4, 'pending', (i) => ({ createdAt: new Date(base + i * 1000) }));
    const first = (await t.request('GET', '/api/lawyers/requests', { cookie })).json<PendingRequestList>();
    expect(first.requests.map((r) => r.id)).toEqual(made.slice(0, LAWYER_LIST_PAGE_SIZE).map((m) => m.requestId));
    const accepted = await t.request('POST', `/api/lawyers/requests/${made[2]!.requestId}/accept`, { cookie });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const next = (await t.request('GET', `/api/lawyers/requests?after=${first.nextCursor}`, { cookie })).json<PendingRequestList>();
    expect(next.requests.map((r) => r.id)).toEqual(made.slice(LAWYER_LIST_PAGE_SIZE).map((m) => m.requestId));
    expect(next.nextCursor).toBeNull();
  });
});

describe('the lawyer’s clients in pages', () => {
  it('gives every client once, the most recently accepted first, with cases and papers', { timeout: 120_000 }, async () => {
    const { cookie, made } = await lawyerWith(LAWYER_LIST_PAGE_SIZE + 7, 'accepted', (i) => ({
      createdAt: new Date(base),
      // Pairs accepted at the same moment, and one accepted before decisions were timed (its request's time).
      decidedAt: i === 0 ? null : new Date(base + 1000 + Math.floor(i / 2) * 60_000),
    }));
    const expected = made
      .map((m, i) => ({ ...m, at: i === 0 ? -1 : Math.floor(i / 2) }))
      .sort((a, b) => b.at - a.at || byId(b.requestId, a.requestId))
      .map((m) => m.memberId);
    const pages = await readAll<LawyerClientList>('/api/lawyers/clients', cookie);
    expect(pages.map((p) => p.clients.length)).toEqual([LAWYER_LIST_PAGE_SIZE, 7]);
    const clients = pages.flatMap((p) => p.clients);
    expect(clients.map((c) => c.id)).toEqual(expected);
    for (const c of clients) expect(c.cases).toHaveLength(2);
    expect(clients.at(-1)!.acceptedAt).toBe(new Date(base).toISOString());
  });

  it('lists only this lawyer’s accepted requests', async () => {
    const { lawyer, cookie, made } = await lawyerWith(2, 'accepted', (i) => ({ createdAt: new Date(base + i) }));
    const other = await createLawyer(t.db);
    const m = await createFamilyMember(t.db);
    await createLawyerRequest(t.db, { familyMemberId: m.user.id, lawyerId: other.user.id, status: 'accepted' });
    await createLawyerRequest(t.db, { familyMemberId: m.user.id, lawyerId: lawyer.user.id, status: 'pending' });
    const page = (await t.request('GET', '/api/lawyers/clients', { cookie })).json<LawyerClientList>();
    expect(page.clients.map((c) => c.id).sort(byId)).toEqual(made.map((x) => x.memberId).sort(byId));
    expect(page.nextCursor).toBeNull();
  });
});

describe('lawyer list cursors', () => {
  it('refuses a cursor it did not write, and unknown parameters, with 400 on the field, for both lists', async () => {
    const lawyer = await createLawyer(t.db);
    const cookie = await sessionCookie(t.db, lawyer.user.id);
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const id = lawyer.user.id;
    for (const path of ['/api/lawyers/requests', '/api/lawyers/clients']) {
      for (const after of [
        'not-a-cursor',
        encode(['2026-03-01T10:00:00.000000Z']),
        encode(['2026-03-01T10:00:00.000Z', id]),
        encode(['2026-02-31T10:00:00.000000Z', id]),
        encode(['2026-03-01T25:00:00.000000Z', id]),
        encode(['infinity', id]),
        encode(['2026-03-01T10:00:00.000000Z', 'not-a-uuid']),
        encode({ at: '2026-03-01T10:00:00.000000Z', id }),
        'x'.repeat(201),
        '',
      ]) {
        const res = await t.request('GET', `${path}?after=${encodeURIComponent(after)}`, { cookie });
        expect(res.statusCode, `${path} ${after}`).toBe(400);
        expect(res.json<{ error: { code: string; details: { path: string }[] } }>().error).toMatchObject({
          code: 'validation',
          details: [expect.objectContaining({ path: 'after' })],
        });
      }
      const unknown = await t.request('GET', `${path}?pageSize=5000`, { cookie });
      expect(unknown.statusCode).toBe(400);
      // A cursor that is well formed is answered, whatever it names.
      const ok = await t.request('GET', `${path}?after=${encode(['2026-03-01T10:00:00.123456Z', id])}`, { cookie });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ nextCursor: null });
    }
  });

  it('still answers 403 before registration, with or without a cursor', async () => {
    const lawyer = await createLawyer(t.db);
    await t.db.execute(sql`delete from lawyers where user_id = ${lawyer.user.id}`);
    const cookie = await sessionCookie(t.db, lawyer.user.id);
    const cursor = Buffer.from(JSON.stringify(['2026-03-01T10:00:00.123456Z', lawyer.user.id])).toString('base64url');
    for (const path of ['/api/lawyers/requests', '/api/lawyers/clients']) {
      for (const url of [path, `${path}?after=${cursor}`]) {
        const res = await t.request('GET', url, { cookie });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      }
    }
  });
});
