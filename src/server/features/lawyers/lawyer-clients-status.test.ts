// The lawyer's "Current case status" (GET /api/lawyers/clients) shows where each client stands:
// bail accepted or not, and the NGO assigned, with its contact.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/test-app.ts';
import {
  createBailReview,
  createFamilyMember,
  createLawyer,
  createLawyerRequest,
  createNgo,
  createNgoAssignment,
  sessionCookie,
} from '#tests/factories.ts';

const t = useTestApp();

describe("the lawyer's current case status", () => {
  it('shows bail and NGO for a client who has them, and none for one who has not', async () => {
    const lawyer = await createLawyer(t.db);
    const cookie = await sessionCookie(t.db, lawyer.user.id);
    const helped = await createFamilyMember(t.db, { name: 'Helped Client' });
    const waiting = await createFamilyMember(t.db, { name: 'Waiting Client' });
    for (const m of [helped, waiting]) {
      await createLawyerRequest(t.db, { familyMemberId: m.user.id, lawyerId: lawyer.user.id, status: 'accepted' });
    }
    const bailAt = new Date('2026-11-02T10:00:00Z');
    await createBailReview(t.db, { familyMemberId: helped.user.id, decidedAt: bailAt });
    const ngo = await createNgo(t.db, { name: 'Aasra Shelter' });
    await createNgoAssignment(t.db, { familyMemberId: helped.user.id, ngoId: ngo.id });

    const res = await t.request('GET', '/api/lawyers/clients', { cookie });
    expect(res.statusCode).toBe(200);
    const byName = new Map(res.json().clients.map((c: { name: string }) => [c.name, c]));
    expect(byName.get('Helped Client')).toMatchObject({
      bailAcceptedAt: bailAt.toISOString(),
      ngo: { name: 'Aasra Shelter', contactInfo: expect.any(String) },
    });
    expect(byName.get('Waiting Client')).toMatchObject({ bailAcceptedAt: null, ngo: null });
  });
});
