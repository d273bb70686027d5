// Hearings, bail dates, prisons, flags and notifications at the API boundary: 401, 404
// (cannot see), 403 (cannot act), 400 (bad fields) and the happy paths; notifications in the
// reader's language.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, indianDay } from '#shared/deadlines.ts';
import type { NotificationList } from '#shared/notifications.ts';
import { cases, emailOutbox, lawyerRequests, notifications, users } from '#server/db/schema.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createJailAuthority, createLawyer, createLawyerRequest, createUser, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();

const today = () => indianDay(new Date());

async function world() {
  const fm = await createFamilyMember(t.db, { name: 'Sita Ram', cases: [{ caseNumber: 'API-1' }] });
  await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, fm.user.id));
  const other = await createFamilyMember(t.db);
  const lawyer = await createLawyer(t.db, { name: 'Adv. Accepted' });
  const pendingLawyer = await createLawyer(t.db, { name: 'Adv. Pending' });
  const stranger = await createLawyer(t.db);
  await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
  await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: pendingLawyer.user.id });
  const jail = await createJailAuthority(t.db);
  return {
    fm,
    caseId: fm.cases[0]!.id,
    cookies: {
      family: await sessionCookie(t.db, fm.user.id),
      otherFamily: await sessionCookie(t.db, other.user.id),
      lawyer: await sessionCookie(t.db, lawyer.user.id),
      pendingLawyer: await sessionCookie(t.db, pendingLawyer.user.id),
      stranger: await sessionCookie(t.db, stranger.user.id),
      jail: await sessionCookie(t.db, jail.id),
    },
    lawyer,
  };
}

const hearing = (day: string) => ({ hearingOn: day, court: 'Saket Court 4', purpose: 'Framing of charges' });

describe('case hearings and bail: who may see and record', () => {
  it('reading: 401 signed out, 404 for other families and lawyers without an accepted request, 200 otherwise', async () => {
    const w = await world();
    const url = `/api/cases/${w.caseId}/deadlines`;
    expect((await t.request('GET', url)).statusCode).toBe(401);
    for (const c of [w.cookies.otherFamily, w.cookies.pendingLawyer, w.cookies.stranger]) {
      const res = await t.request('GET', url, { cookie: c });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    const fam = await t.request('GET', url, { cookie: w.cookies.family });
    expect(fam.statusCode).toBe(200);
    expect(fam.json()).toMatchObject({ case: { caseNumber: 'API-1', memberName: 'Sita Ram' }, can: { edit: false } });
    for (const c of [w.cookies.lawyer, w.cookies.jail]) {
      expect((await t.request('GET', url, { cookie: c })).json()).toMatchObject({ can: { edit: true } });
    }
    expect(
      (await t.request('GET', `/api/cases/00000000-0000-4000-8000-000000000000/deadlines`, { cookie: w.cookies.jail })).statusCode,
    ).toBe(404);
  });

  it('recording a hearing: family 403 by role, unaccepted lawyers 404, bad fields 400, accepted lawyer 201 and the family is told in Hindi', async () => {
    const w = await world();
    const url = `/api/cases/${w.caseId}/hearings`;
    const day = addDays(today(), 10);
    expect((await t.request('POST', url, { body: hearing(day) })).statusCode).toBe(401);
    expect((await t.request('POST', url, { cookie: w.cookies.family, body: hearing(day) })).statusCode).toBe(403);
    expect((await t.request('POST', url, { cookie: w.cookies.pendingLawyer, body: hearing(day) })).statusCode).toBe(404);
    expect((await t.request('POST', url, { cookie: w.cookies.stranger, body: hearing(day) })).statusCode).toBe(404);
    for (const [body, path] of [
      [{ ...hearing(day), hearingOn: '2030-02-30' }, 'hearingOn'],
      [{ ...hearing(day), hearingOn: 'tomorrow' }, 'hearingOn'],
      [{ ...hearing(day), court: '  ' }, 'court'],
      [{ ...hearing(day), purpose: 'x'.repeat(501) }, 'purpose'],
      [{ ...hearing(day), extra: 1 }, ''],
    ] as const) {
      const res = await t.request('POST', url, { cookie: w.cookies.lawyer, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (path) expect(res.json().error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const res = await t.request('POST', url, { cookie: w.cookies.lawyer, body: hearing(day) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ hearingOn: day, court: 'Saket Court 4', outcome: null });

    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, w.fm.user.id));
    expect(notes.map((n) => n.kind)).toEqual(['hearing_recorded']);
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, w.fm.user.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('मामला API-1 की सुनवाई');
    // The recorder is not told of their own change.
    const lawyerNotes = await t.db.select().from(notifications).where(eq(notifications.userId, w.lawyer.user.id));
    expect(lawyerNotes).toEqual([]);

    // The family sees it as the next hearing; a past one or one with an outcome does not count.
    const next = await t.request('GET', '/api/hearings/next', { cookie: w.cookies.family });
    expect(next.json()).toMatchObject({ hearing: { caseNumber: 'API-1', hearingOn: day, court: 'Saket Court 4' } });
    expect((await t.request('GET', '/api/hearings/next', { cookie: w.cookies.otherFamily })).json()).toEqual({ hearing: null });
    expect((await t.request('GET', '/api/hearings/next', { cookie: w.cookies.lawyer })).statusCode).toBe(403);
  });

  it('the jail authority records a hearing; the outcome waits for the hearing date; then the family is told', async () => {
    const w = await world();
    const future = await t.request('POST', `/api/cases/${w.caseId}/hearings`, {
      cookie: w.cookies.jail,
      body: hearing(addDays(today(), 3)),
    });
    expect(future.statusCode).toBe(201);
    const id = future.json().id as string;
    const early = await t.request('PUT', `/api/hearings/${id}`, {
      cookie: w.cookies.jail,
      body: { ...hearing(addDays(today(), 3)), outcome: 'Adjourned', version: 0 },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.details[0].path).toBe('outcome');
    expect(
      (
        await t.request('PUT', `/api/hearings/${id}`, {
          cookie: w.cookies.stranger,
          body: { ...hearing(today()), outcome: null, version: 0 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request('PUT', `/api/hearings/${id}`, {
          cookie: w.cookies.family,
          body: { ...hearing(today()), outcome: null, version: 0 },
        })
      ).statusCode,
    ).toBe(403);
    const done = await t.request('PUT', `/api/hearings/${id}`, {
      cookie: w.cookies.lawyer,
      body: { ...hearing(today()), outcome: 'Charges framed; next date to be given.', version: 0 },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ outcome: 'Charges framed; next date to be given.', version: 1 });
    const kinds = (await t.db.select().from(notifications).where(eq(notifications.userId, w.fm.user.id))).map((n) => n.kind).sort();
    expect(kinds).toEqual(['hearing_outcome', 'hearing_recorded']);
    expect(
      (
        await t.request('PUT', `/api/hearings/00000000-0000-4000-8000-000000000000`, {
          cookie: w.cookies.jail,
          body: { ...hearing(today()), outcome: null, version: 0 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a hearing form loaded before someone else saved gets 409 stale_edit with the saved hearing and erases nothing', async () => {
    const w = await world();
    const created = await t.request('POST', `/api/cases/${w.caseId}/hearings`, { cookie: w.cookies.jail, body: hearing(today()) });
    const loaded = created.json<{ id: string; version: number }>();
    expect(loaded.version).toBe(0);
    // The jail and the lawyer both open the hearing (version 0); the jail records the outcome first.
    const outcome = 'Bail granted; surety of Rs 10,000.';
    const first = await t.request('PUT', `/api/hearings/${loaded.id}`, {
      cookie: w.cookies.jail,
      body: { ...hearing(today()), outcome, version: loaded.version },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ outcome, version: 1 });
    const noticesBefore = await t.db.select().from(notifications);

    // The lawyer saves the form as loaded (no outcome, another court): refused, with what is saved now.
    const stale = await t.request('PUT', `/api/hearings/${loaded.id}`, {
      cookie: w.cookies.lawyer,
      body: { ...hearing(today()), court: 'Tis Hazari Court 2', outcome: null, version: loaded.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: {
        code: 'stale_edit',
        current: { id: loaded.id, hearingOn: today(), court: 'Saket Court 4', outcome, version: 1 },
      },
    });
    const listed = await t.request('GET', `/api/cases/${w.caseId}/deadlines`, { cookie: w.cookies.lawyer });
    expect(listed.json().hearings).toEqual([expect.objectContaining({ court: 'Saket Court 4', outcome, version: 1 })]);
    expect(await t.db.select().from(notifications)).toHaveLength(noticesBefore.length);

    // Loaded again (version 1), the lawyer's change goes through and keeps the outcome.
    const again = await t.request('PUT', `/api/hearings/${loaded.id}`, {
      cookie: w.cookies.lawyer,
      body: { ...hearing(today()), court: 'Tis Hazari Court 2', outcome, version: 1 },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ court: 'Tis Hazari Court 2', outcome, version: 2 });
    // A form without the version it was loaded at is refused as invalid.
    const missing = await t.request('PUT', `/api/hearings/${loaded.id}`, {
      cookie: w.cookies.lawyer,
      body: { ...hearing(today()), outcome },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0].path).toBe('version');
  });

  it('bail dates: checked (not in the future, release not before bail), saved by jail or accepted lawyer', async () => {
    const w = await world();
    const url = `/api/cases/${w.caseId}/bail`;
    const bad = [
      [{ bailGrantedOn: addDays(today(), 1), releasedOn: null }, 'bailGrantedOn'],
      [{ bailGrantedOn: addDays(today(), -3), releasedOn: addDays(today(), -5) }, 'releasedOn'],
      [{ bailGrantedOn: null, releasedOn: addDays(today(), 2) }, 'releasedOn'],
      [{ bailGrantedOn: '2024-13-01', releasedOn: null }, 'bailGrantedOn'],
    ] as const;
    for (const [body, path] of bad) {
      const res = await t.request('PUT', url, { cookie: w.cookies.jail, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details[0].path).toBe(path);
    }
    expect((await t.request('PUT', url, { cookie: w.cookies.family, body: { bailGrantedOn: null, releasedOn: null } })).statusCode).toBe(
      403,
    );
    expect(
      (await t.request('PUT', url, { cookie: w.cookies.pendingLawyer, body: { bailGrantedOn: null, releasedOn: null } })).statusCode,
    ).toBe(404);

    const granted = addDays(today(), -9);
    const ok = await t.request('PUT', url, {
      cookie: w.cookies.jail,
      body: { bailGrantedOn: granted, releasedOn: null, prison: 'Central Jail' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().case).toMatchObject({ bailGrantedOn: granted, releasedOn: null, prison: 'Central Jail' });

    // The jail dashboard flags the member (bail 9 days ago, not released); other roles may not read the flags.
    const flags = await t.request('GET', '/api/jail/deadline-flags', { cookie: w.cookies.jail });
    expect(flags.statusCode).toBe(200);
    expect(flags.json().bailedNotReleased).toContainEqual(expect.objectContaining({ caseId: w.caseId, bailGrantedOn: granted }));
    expect((await t.request('GET', '/api/jail/deadline-flags', { cookie: w.cookies.lawyer })).statusCode).toBe(403);

    // The release is the jail's to record: the lawyer's form may not set it (src/shared/bail-timeline.ts).
    const byLawyer = await t.request('PUT', url, { cookie: w.cookies.lawyer, body: { bailGrantedOn: granted, releasedOn: today() } });
    expect(byLawyer.statusCode).toBe(403);
    const released = await t.request('PUT', url, { cookie: w.cookies.jail, body: { bailGrantedOn: granted, releasedOn: today() } });
    expect(released.statusCode).toBe(200);
    expect(released.json().case).toMatchObject({ releasedOn: today(), prison: 'Central Jail' });
    const after = await t.request('GET', '/api/jail/deadline-flags', { cookie: w.cookies.jail });
    expect(after.json().bailedNotReleased.map((f: { caseId: string }) => f.caseId)).not.toContain(w.caseId);
    const kinds = (await t.db.select().from(notifications).where(eq(notifications.userId, w.fm.user.id))).map((n) => n.kind).sort();
    expect(kinds).toEqual(['bail_granted', 'released']);
    const [row] = await t.db.select().from(cases).where(eq(cases.id, w.caseId));
    expect(row).toMatchObject({ bailGrantedOn: granted, releasedOn: today() });
  });

  it('a request pending 7 days is listed as overdue on the jail dashboard', async () => {
    const fm = await createFamilyMember(t.db, { name: 'Overdue Family' });
    const lawyer = await createLawyer(t.db, { name: 'Adv. Silent' });
    const req = await createLawyerRequest(t.db, { familyMemberId: fm.user.id, lawyerId: lawyer.user.id });
    const jail = await sessionCookie(t.db, (await createJailAuthority(t.db)).id);
    const ids = async (): Promise<string[]> => {
      const flags = (await t.request('GET', '/api/jail/deadline-flags', { cookie: jail })).json<{
        overdueRequests: { requestId: string }[];
      }>();
      return flags.overdueRequests.map((r) => r.requestId);
    };
    expect(await ids()).not.toContain(req.id);
    await t.db
      .update(lawyerRequests)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(lawyerRequests.id, req.id));
    const flags = (await t.request('GET', '/api/jail/deadline-flags', { cookie: jail })).json();
    expect(flags.overdueRequests).toContainEqual(
      expect.objectContaining({ requestId: req.id, memberName: 'Overdue Family', lawyerName: 'Adv. Silent' }),
    );
  });
});

describe('prisons', () => {
  it('the State-Administrator keeps them; the jail reads them; names unique whatever the case; fields checked', async () => {
    const admin = await sessionCookie(t.db, (await createUser(t.db, { role: 'State-Administrator' })).id);
    const jail = await sessionCookie(t.db, (await createJailAuthority(t.db)).id);
    const lawyer = await sessionCookie(t.db, (await createLawyer(t.db)).user.id);
    const body = { name: 'Tihar Jail No. 1', state: 'DL', district: 'West Delhi', type: 'central', dlsaEmail: 'DLSA.West@Example.org' };
    expect((await t.request('GET', '/api/prisons')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/prisons', { cookie: lawyer, body })).statusCode).toBe(403);
    expect((await t.request('POST', '/api/prisons', { cookie: jail, body })).statusCode).toBe(403);
    const created = await t.request('POST', '/api/prisons', { cookie: admin, body });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Tihar Jail No. 1', dlsaEmail: 'dlsa.west@example.org', state: 'DL', type: 'central' });
    const dup = await t.request('POST', '/api/prisons', { cookie: admin, body: { ...body, name: 'TIHAR JAIL NO. 1' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ error: { code: 'prison_exists' } });
    for (const [field, value] of [
      ['name', ''],
      ['district', ' '],
      ['dlsaEmail', 'not-an-email'],
    ] as const) {
      const res = await t.request('POST', '/api/prisons', { cookie: admin, body: { ...body, name: 'Other', [field]: value } });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.details[0].path).toBe(field);
    }
    const id = created.json().id as string;
    const updated = await t.request('PUT', `/api/prisons/${id}`, { cookie: admin, body: { ...body, district: 'South West Delhi' } });
    expect(updated.json()).toMatchObject({ district: 'South West Delhi' });
    expect((await t.request('PUT', `/api/prisons/00000000-0000-4000-8000-000000000000`, { cookie: admin, body })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/prisons', { cookie: jail })).json().prisons).toContainEqual(expect.objectContaining({ id }));
  });
});

describe('notifications', () => {
  it('each person reads only their own, newest first, in their saved language; mark one and all as read', async () => {
    const w = await world();
    // Two events for the family (Hindi): a hearing, then bail granted.
    await t.request('POST', `/api/cases/${w.caseId}/hearings`, { cookie: w.cookies.lawyer, body: hearing(addDays(today(), 5)) });
    await t.request('PUT', `/api/cases/${w.caseId}/bail`, { cookie: w.cookies.jail, body: { bailGrantedOn: today(), releasedOn: null } });
    expect((await t.request('GET', '/api/notifications')).statusCode).toBe(401);

    const list = await t.request('GET', '/api/notifications', { cookie: w.cookies.family });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.unread).toBe(2);
    expect(body.items.map((n: { kind: string }) => n.kind)).toEqual(['bail_granted', 'hearing_recorded']);
    expect(body.items[0].title).toMatch(/ज़मानत मिली/);
    expect(body.items[1]).toMatchObject({ link: '/family-case', read: false });
    expect((await t.request('GET', '/api/notifications/unread-count', { cookie: w.cookies.family })).json()).toEqual({ unread: 2 });

    // Someone else's notification is not found.
    const first = body.items[0].id as string;
    expect((await t.request('POST', `/api/notifications/${first}/read`, { cookie: w.cookies.otherFamily })).statusCode).toBe(404);
    expect((await t.request('POST', `/api/notifications/${first}/read`, { cookie: w.cookies.family })).statusCode).toBe(204);
    expect((await t.request('GET', '/api/notifications/unread-count', { cookie: w.cookies.family })).json()).toEqual({ unread: 1 });
    expect((await t.request('POST', '/api/notifications/read-all', { cookie: w.cookies.family })).statusCode).toBe(204);
    const after = (await t.request('GET', '/api/notifications', { cookie: w.cookies.family })).json();
    expect(after.unread).toBe(0);
    expect(after.items.every((n: { read: boolean }) => n.read)).toBe(true);

    // Switching the saved language re-renders the same notifications.
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, w.fm.user.id));
    const fr = (await t.request('GET', '/api/notifications', { cookie: w.cookies.family })).json();
    expect(fr.items[1].title).toMatch(/^Audience le /);
  });

  it('the reminder-email setting belongs to the signed-in person', async () => {
    const w = await world();
    expect((await t.request('GET', '/api/notifications/preferences')).statusCode).toBe(401);
    expect((await t.request('GET', '/api/notifications/preferences', { cookie: w.cookies.jail })).json()).toEqual({ emailReminders: true });
    expect(
      (await t.request('PUT', '/api/notifications/preferences', { cookie: w.cookies.family, body: { emailReminders: 'no' } })).statusCode,
    ).toBe(400);
    const off = await t.request('PUT', '/api/notifications/preferences', { cookie: w.cookies.family, body: { emailReminders: false } });
    expect(off.json()).toEqual({ emailReminders: false });
    const [row] = await t.db.select({ on: users.emailReminders }).from(users).where(eq(users.id, w.fm.user.id));
    expect(row!.on).toBe(false);
  });

  it('pages by cursor, newest first', async () => {
    const fm = await createFamilyMember(t.db);
    const cookie = await sessionCookie(t.db, fm.user.id);
    await t.db.insert(notifications).values(
      Array.from({ length: 25 }, (_, i) => ({
        userId: fm.user.id,
        kind: 'released',
        params: { caseNumber: `C-${i}`, member: 'X', date: '2030-01-01' },
        link: '/family-case',
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
      })),
    );
    const p1 = (await t.request('GET', '/api/notifications', { cookie })).json();
    expect(p1.items).toHaveLength(20);
    expect(p1.items[0].title).toContain('C-24');
    expect(p1.unread).toBe(25);
    const p2 = (await t.request('GET', `/api/notifications?before=${encodeURIComponent(p1.nextCursor)}`, { cookie })).json();
    expect(p2.items.map((n: { title: string }) => n.title.match(/C-\d+/)![0])).toEqual(['C-4', 'C-3', 'C-2', 'C-1', 'C-0']);
    expect(p2.nextCursor).toBeNull();
  });

  it('pages at the database’s microseconds: notifications made within one millisecond are neither repeated nor skipped', async () => {
    const fm = await createFamilyMember(t.db);
    const cookie = await sessionCookie(t.db, fm.user.id);
    await t.db.insert(notifications).values(
      Array.from({ length: 23 }, (_, i) => ({
        userId: fm.user.id,
        kind: 'released',
        params: { caseNumber: `C-${i}`, member: 'X', date: '2030-01-01' },
        link: '/family-case',
      })),
    );
    // 23 times a microsecond apart, all in one millisecond, the newest C-22.
    await t.db.execute(
      sql`update notifications set created_at = '2030-01-01T00:00:00Z'::timestamptz + substring(params->>'caseNumber' from 3)::int * interval '1 microsecond'
        where user_id = ${fm.user.id}`,
    );
    const p1 = (await t.request('GET', '/api/notifications', { cookie })).json<NotificationList>();
    const p2 = (
      await t.request('GET', `/api/notifications?before=${encodeURIComponent(p1.nextCursor!)}`, { cookie })
    ).json<NotificationList>();
    const numbers = [...p1.items, ...p2.items].map((n) => Number(/C-(\d+)/.exec(n.title)![1]));
    expect(numbers).toEqual(Array.from({ length: 23 }, (_, i) => 22 - i));
    expect(p2.nextCursor).toBeNull();
    // A cursor the server did not write is a 400 on `before`, not a first page.
    for (const before of ['2030-01-01T00:00:00.000Z|' + fm.user.id, 'not-a-cursor', '']) {
      const res = await t.request('GET', `/api/notifications?before=${encodeURIComponent(before)}`, { cookie });
      expect(res.statusCode, before).toBe(400);
    }
  });

  it('the list costs the same number of statements for 1 or 25 notifications (no query per row)', async () => {
    const counts: number[] = [];
    for (const n of [1, 25]) {
      const fm = await createFamilyMember(t.db);
      const cookie = await sessionCookie(t.db, fm.user.id);
      await t.db.insert(notifications).values(
        Array.from({ length: n }, (_, i) => ({
          userId: fm.user.id,
          kind: 'released',
          params: { caseNumber: `Q-${i}`, member: 'X', date: '2030-01-01' },
          link: '/family-case',
        })),
      );
      const { count, result } = await t.countQueries(() => t.request('GET', '/api/notifications', { cookie }));
      expect(result.statusCode).toBe(200);
      counts.push(count);
    }
    expect(counts[0]).toBe(counts[1]);
  });
});
