// Location: state and district from the fixed list, checked by the server, stored
// for family members, lawyers and NGOs; lawyer search and the NGO picker put the same district first,
// then the same state, then the rest, and say which is which.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FamilyRegistration, LawyerSearch } from '#shared/family.ts';
import type { LawyerRegistration } from '#shared/lawyers.ts';
import type { Ngo } from '#shared/ngos.ts';
import { INDIA_STATES, isDistrictOf } from '#shared/india-locations.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createJailAuthority, createLawyer, createUser, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();
let jail: string;
beforeAll(async () => {
  jail = await sessionCookie(t.db, (await createJailAuthority(t.db)).id);
});

const SITAPUR = { state: 'UP', district: 'Sitapur' };
const LUCKNOW = { state: 'UP', district: 'Lucknow' };
const NEW_DELHI = { state: 'DL', district: 'New Delhi' };

const familyForm = (over: Record<string, unknown> = {}) => ({
  phone: '9876543210',
  address: '12 Civil Lines, Sitapur',
  caseNumber: 'FIR-7/2025',
  detail: 'Held at District Jail Sitapur',
  caseType: 'Criminal Defense Lawyer',
  ...over,
});
const lawyerForm = (over: Record<string, unknown> = {}) => ({
  phone: '9811111111',
  address: 'Chamber 3, Collectorate',
  lawyerType: 'Criminal Defense Lawyer',
  courtArea: 'District Court Sitapur',
  barEnrolmentNumber: 'UP/1234/2015',
  barCouncilState: 'UP',
  ...over,
});
const ngoForm = (over: Record<string, unknown> = {}) => ({
  name: 'Sitapur Seva Samiti',
  address: 'Station Road, Sitapur',
  contactInfo: '05862-000000',
  seatsTotal: 4,
  ...over,
});

const BAD_LOCATIONS: [Record<string, unknown>, string][] = [
  [{ state: 'UP', district: 'New Delhi' }, 'district'], // a district of another state
  [{ state: 'XX', district: 'Sitapur' }, 'state'], // not a state
  [{ state: 'UP' }, 'district'], // state without district
  [{ district: 'Sitapur' }, 'state'], // district without state
  [{ state: 'UP', district: 'sitapur' }, 'district'], // not exactly as listed
  [{ state: 'UP', district: 5 }, 'district'],
];

describe('the fixed list', () => {
  it('has every state and union territory (36) with districts, codes unique, districts unique per state', () => {
    expect(INDIA_STATES).toHaveLength(36);
    expect(new Set(INDIA_STATES.map((s) => s.code)).size).toBe(36);
    for (const s of INDIA_STATES) {
      expect(s.districts.length, s.name).toBeGreaterThan(0);
      expect(new Set(s.districts).size, s.name).toBe(s.districts.length);
      expect(s.districts.every((d) => d === d.trim() && d.length > 0)).toBe(true);
    }
    expect(isDistrictOf('UP', 'Sitapur')).toBe(true);
    expect(isDistrictOf('DL', 'Sitapur')).toBe(false);
  });
});

describe('saving a location', () => {
  it('family member: stored with /fmform and returned; refused with the field when it does not fit, nothing written', async () => {
    const user = await createUser(t.db, { role: 'Family-Member' });
    const cookie = await sessionCookie(t.db, user.id);
    for (const [loc, field] of BAD_LOCATIONS) {
      const res = await t.request('PUT', '/api/family/registration', { cookie, body: familyForm(loc) });
      expect(res.statusCode, JSON.stringify(loc)).toBe(400);
      expect(res.json().error.details.map((d: { path: string }) => d.path)).toContain(field);
    }
    expect((await t.request('GET', '/api/family/registration', { cookie })).statusCode).toBe(404);
    const ok = await t.request('PUT', '/api/family/registration', { cookie, body: familyForm(SITAPUR) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<FamilyRegistration>()).toMatchObject(SITAPUR);
    const again = await t.request('GET', '/api/family/registration', { cookie });
    expect(again.json<FamilyRegistration>()).toMatchObject(SITAPUR);
    // Both or neither: leaving it out clears it.
    const cleared = await t.request('PUT', '/api/family/registration', { cookie, body: familyForm() });
    expect(cleared.json<FamilyRegistration>()).toMatchObject({ state: null, district: null });
  });

  it('lawyer: the court district is stored and validated the same way', async () => {
    const user = await createUser(t.db, { role: 'Lawyer' });
    const cookie = await sessionCookie(t.db, user.id);
    for (const [loc, field] of BAD_LOCATIONS) {
      const res = await t.request('PUT', '/api/lawyers/registration', { cookie, body: lawyerForm(loc) });
      expect(res.statusCode, JSON.stringify(loc)).toBe(400);
      expect(res.json().error.details.map((d: { path: string }) => d.path)).toContain(field);
    }
    const ok = await t.request('PUT', '/api/lawyers/registration', { cookie, body: lawyerForm(SITAPUR) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<LawyerRegistration>()).toMatchObject(SITAPUR);
    expect((await t.request('GET', '/api/lawyers/registration', { cookie })).json<LawyerRegistration>()).toMatchObject(SITAPUR);
  });

  it('NGO: added and edited with a location, validated the same way', async () => {
    for (const [loc, field] of BAD_LOCATIONS) {
      const res = await t.request('POST', '/api/ngos', { cookie: jail, body: ngoForm(loc) });
      expect(res.statusCode, JSON.stringify(loc)).toBe(400);
      expect(res.json().error.details.map((d: { path: string }) => d.path)).toContain(field);
    }
    const res = await t.request('POST', '/api/ngos', { cookie: jail, body: ngoForm(SITAPUR) });
    expect(res.statusCode, res.body).toBe(201);
    const ngo = res.json<Ngo>();
    expect(ngo).toMatchObject(SITAPUR);
    const edited = await t.request('PUT', `/api/ngos/${ngo.id}`, { cookie: jail, body: { ...ngoForm(LUCKNOW), version: ngo.version } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Ngo>()).toMatchObject(LUCKNOW);
    const bad = await t.request('PUT', `/api/ngos/${ngo.id}`, {
      cookie: jail,
      body: { ...ngoForm({ state: 'DL', district: 'Lucknow' }), version: ngo.version + 1 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('nearby first', () => {
  it('lawyer search: same district, then same state, then the rest (by name within each), each labelled', async () => {
    const type = 'Constitutional Lawyer' as const;
    const member = await createFamilyMember(t.db, { location: SITAPUR, cases: [{ caseType: type }] });
    const cookie = await sessionCookie(t.db, member.user.id);
    const far = await createLawyer(t.db, { name: 'A Far Lawyer', lawyerType: type, location: NEW_DELHI });
    const none = await createLawyer(t.db, { name: 'B No Place', lawyerType: type });
    const state = await createLawyer(t.db, { name: 'C Same State', lawyerType: type, location: LUCKNOW });
    const near2 = await createLawyer(t.db, { name: 'E Near Too', lawyerType: type, location: SITAPUR });
    const near = await createLawyer(t.db, { name: 'D Near', lawyerType: type, location: SITAPUR });
    const res = await t.request('GET', '/api/family/lawyers', { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<LawyerSearch>();
    expect(body.location).toEqual(SITAPUR);
    expect(body.lawyers.map((l) => [l.id, l.nearness])).toEqual([
      [near.user.id, 'district'],
      [near2.user.id, 'district'],
      [state.user.id, 'state'],
      [far.user.id, 'other'],
      [none.user.id, 'other'],
    ]);
    expect(body.lawyers[0]).toMatchObject(SITAPUR);
  });

  it('lawyer search without a location: by name, all "other", location null', async () => {
    const type = 'Environmental Lawyer' as const;
    const member = await createFamilyMember(t.db, { cases: [{ caseType: type }] });
    const cookie = await sessionCookie(t.db, member.user.id);
    const b = await createLawyer(t.db, { name: 'B Lawyer', lawyerType: type, location: SITAPUR });
    const a = await createLawyer(t.db, { name: 'A Lawyer', lawyerType: type, location: NEW_DELHI });
    const body = (await t.request('GET', '/api/family/lawyers', { cookie })).json<LawyerSearch>();
    expect(body.location).toBeNull();
    expect(body.lawyers.map((l) => [l.id, l.nearness])).toEqual([
      [a.user.id, 'other'],
      [b.user.id, 'other'],
    ]);
  });
  // The NGO picker's order by place: src/server/features/ngos/ngo-choices.test.ts.
});
