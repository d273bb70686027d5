// 'Select NGO' (GET /api/ngos/choices, docs/decisions/0030-select-ngo-nearest-and-by-name.md): at most
// NGO_CHOICES_LIMIT NGOs with a free seat, the nearest the member's prison (their district by name, the
// rest of their state by district, elsewhere by state), or those whose name starts with what was typed;
// `more` says when others exist. One statement after the session, whatever the number of NGOs.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NGO_CHOICES_LIMIT, type NgoChoices } from '#shared/ngos.ts';
import { sql } from 'drizzle-orm';
import { ngos } from '#server/db/schema.ts';
import { listNgoChoices } from './ngos.queries.ts';
import { explain } from '../../../../bench/plans.ts';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, createJailAuthority, createNgo, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();
let jail: string;
beforeAll(async () => {
  jail = await sessionCookie(t.db, (await createJailAuthority(t.db)).id);
});
// Each test makes the NGOs it reads.
beforeEach(async () => {
  await t.db.delete(ngos);
});

const SITAPUR = { state: 'UP', district: 'Sitapur' };
const AGRA = { state: 'UP', district: 'Agra' }; // before Sitapur
const VARANASI = { state: 'UP', district: 'Varanasi' }; // after Sitapur
const NEW_DELHI = { state: 'DL', district: 'New Delhi' }; // a state before UP
const KOLKATA = { state: 'WB', district: 'Kolkata' }; // a state after UP

async function choices(memberId: string, q?: string) {
  const search = new URLSearchParams(q === undefined ? { member: memberId } : { member: memberId, q });
  const res = await t.request('GET', `/api/ngos/choices?${search.toString()}`, { cookie: jail });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NgoChoices>();
}
const names = (c: NgoChoices) => c.items.map((n) => n.name);

describe("GET /api/ngos/choices: 'Select NGO'", () => {
  it('lists the member district by name, then the rest of the state by district, then elsewhere by state; never a full NGO', async () => {
    const member = await createFamilyMember(t.db, { location: SITAPUR });
    await createNgo(t.db, { name: 'Z Sitapur', location: SITAPUR });
    await createNgo(t.db, { name: 'A Sitapur', location: SITAPUR });
    await createNgo(t.db, { name: 'Full Sitapur', location: SITAPUR, seatsFree: 0 });
    await createNgo(t.db, { name: 'Varanasi Trust', location: VARANASI });
    await createNgo(t.db, { name: 'Agra Trust', location: AGRA });
    await createNgo(t.db, { name: 'Kolkata Trust', location: KOLKATA });
    await createNgo(t.db, { name: 'Delhi Trust', location: NEW_DELHI });
    await createNgo(t.db, { name: 'Nowhere Trust' });
    const got = await choices(member.user.id);
    expect(got.items.map((n) => [n.name, n.nearness])).toEqual([
      ['A Sitapur', 'district'],
      ['Z Sitapur', 'district'],
      ['Agra Trust', 'state'],
      ['Varanasi Trust', 'state'],
      ['Delhi Trust', 'other'],
      ['Kolkata Trust', 'other'],
      ['Nowhere Trust', 'other'],
    ]);
    expect(got.more).toBe(false);
    expect(got.items[0]).toMatchObject({ seatsFree: 5, state: 'UP', district: 'Sitapur', contactInfo: '011-000000' });
  });

  it(`shows at most ${NGO_CHOICES_LIMIT}, nearest first, and says when there are more`, async () => {
    const member = await createFamilyMember(t.db, { location: SITAPUR });
    for (let i = 0; i < 5; i++) await createNgo(t.db, { name: `Sitapur ${i}`, location: SITAPUR });
    // More of the state than fit, on both sides of the member's district.
    for (let i = 0; i < 12; i++) await createNgo(t.db, { name: `Agra ${String(i).padStart(2, '0')}`, location: AGRA });
    for (let i = 0; i < 12; i++) await createNgo(t.db, { name: `Varanasi ${String(i).padStart(2, '0')}`, location: VARANASI });
    await createNgo(t.db, { name: 'Delhi Trust', location: NEW_DELHI });
    const got = await choices(member.user.id);
    expect(got.items).toHaveLength(NGO_CHOICES_LIMIT);
    expect(got.more).toBe(true);
    expect(names(got)).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => `Sitapur ${i}`),
      ...Array.from({ length: 12 }, (_, i) => `Agra ${String(i).padStart(2, '0')}`),
      'Varanasi 00',
      'Varanasi 01',
      'Varanasi 02',
    ]);
  });

  it('fills from elsewhere when the district and state have few, and stops at the limit in any band', async () => {
    const member = await createFamilyMember(t.db, { location: SITAPUR });
    for (let i = 0; i < 25; i++) await createNgo(t.db, { name: `Delhi ${String(i).padStart(2, '0')}`, location: NEW_DELHI });
    await createNgo(t.db, { name: 'Kolkata Trust', location: KOLKATA });
    const got = await choices(member.user.id);
    expect(names(got)).toEqual(Array.from({ length: NGO_CHOICES_LIMIT }, (_, i) => `Delhi ${String(i).padStart(2, '0')}`));
    expect(got.items.every((n) => n.nearness === 'other')).toBe(true);
    expect(got.more).toBe(true);
  });

  it('a member without a place gets every NGO as elsewhere, by state, NGOs without a place last', async () => {
    const member = await createFamilyMember(t.db, {});
    await createNgo(t.db, { name: 'Nowhere Trust' });
    await createNgo(t.db, { name: 'Sitapur Trust', location: SITAPUR });
    await createNgo(t.db, { name: 'Delhi Trust', location: NEW_DELHI });
    const got = await choices(member.user.id);
    expect(got.items.map((n) => [n.name, n.nearness])).toEqual([
      ['Delhi Trust', 'other'],
      ['Sitapur Trust', 'other'],
      ['Nowhere Trust', 'other'],
    ]);
  });

  it('with q: the NGOs with a free seat whose name starts with it, any case, nearest first; % and _ are plain text', async () => {
    const member = await createFamilyMember(t.db, { location: SITAPUR });
    await createNgo(t.db, { name: 'Aasra Delhi', location: NEW_DELHI });
    await createNgo(t.db, { name: 'aasra Sitapur', location: SITAPUR });
    await createNgo(t.db, { name: 'AASRA Agra', location: AGRA });
    await createNgo(t.db, { name: 'Aasra Full', location: SITAPUR, seatsFree: 0 });
    await createNgo(t.db, { name: 'Prayas Aasra', location: SITAPUR }); // "aasra" inside, not at the start
    await createNgo(t.db, { name: '100% Seva', location: SITAPUR });
    await createNgo(t.db, { name: '1000 Seva', location: SITAPUR });
    const got = await choices(member.user.id, 'AaSrA');
    expect(got.items.map((n) => [n.name, n.nearness])).toEqual([
      ['aasra Sitapur', 'district'],
      ['AASRA Agra', 'state'],
      ['Aasra Delhi', 'other'],
    ]);
    expect(got.more).toBe(false);
    expect(names(await choices(member.user.id, '100%'))).toEqual(['100% Seva']);
    expect(names(await choices(member.user.id, '1_0'))).toEqual([]);
    expect(names(await choices(member.user.id, 'nobody'))).toEqual([]);
    // Spaces only: the nearest, as with no q.
    expect(names(await choices(member.user.id, '   '))).toEqual(names(await choices(member.user.id)));
  });

  it(`with q: at most ${NGO_CHOICES_LIMIT} of the matches, and more when others match`, async () => {
    const member = await createFamilyMember(t.db, { location: SITAPUR });
    for (let i = 0; i < NGO_CHOICES_LIMIT + 3; i++)
      await createNgo(t.db, { name: `Seva ${String(i).padStart(2, '0')}`, location: i % 2 ? SITAPUR : KOLKATA });
    const got = await choices(member.user.id, 'seva');
    expect(got.items).toHaveLength(NGO_CHOICES_LIMIT);
    expect(got.more).toBe(true);
    // The first matches by name, then nearest first among them.
    const shown = new Set(names(got));
    expect([...shown].sort()).toEqual(Array.from({ length: NGO_CHOICES_LIMIT }, (_, i) => `Seva ${String(i).padStart(2, '0')}`));
    const ranks = got.items.map((n) => (n.nearness === 'district' ? 0 : n.nearness === 'state' ? 1 : 2));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('costs the session and one statement, with no NGO or many', async () => {
    const member = await createFamilyMember(t.db, { location: SITAPUR });
    t.queries.length = 0;
    expect((await choices(member.user.id)).items).toEqual([]);
    expect(t.queries).toHaveLength(2);
    for (let i = 0; i < 30; i++) await createNgo(t.db, { location: SITAPUR });
    t.queries.length = 0;
    await choices(member.user.id);
    expect(t.queries).toHaveLength(2);
    t.queries.length = 0;
    await choices(member.user.id, 'ngo');
    expect(t.queries).toHaveLength(2);
  });

  it('reads a bounded number of NGO rows, never the whole table, however many NGOs there are', async () => {
    const member = await createFamilyMember(t.db, { location: SITAPUR });
    // Bulk: n NGOs with a free seat, a third in the member's district, a third elsewhere in the state, the rest elsewhere.
    const add = (n: number) =>
      t.db.execute(
        sql.raw(`insert into ngos (name, address, contact_info, seats_free, state, district)
          select 'Bulk ' || lpad(i::text, 5, '0'), 'Road', '011', 1 + i % 3,
            case i % 3 when 2 then 'DL' else 'UP' end,
            case i % 3 when 0 then 'Sitapur' when 1 then (array['Agra','Varanasi'])[1 + i % 2] else 'New Delhi' end
          from generate_series(1, ${n}) i`),
      );
    const work = async () => {
      await t.db.execute(sql`analyze ngos`);
      const out: number[] = [];
      for (const q of [undefined, 'bulk 0']) {
        t.queries.length = 0;
        t.queryParams.length = 0;
        await listNgoChoices(t.db, member.user.id, q);
        expect(t.queries).toHaveLength(1);
        const plan = await explain(t.handle, { query: t.queries[0]!, params: t.queryParams[0] ?? [] });
        expect(plan.seqScans, plan.text).toEqual([]);
        out.push(plan.rowsTouched);
      }
      return out;
    };
    await add(3_000);
    const before = await work();
    await add(3_000);
    const after = await work();
    // The same work with twice the NGOs, and far less than one pass over them (rows counted at every
    // plan node: seven bands of at most LIMIT + 1 rows, their limits and sorts).
    for (const [i, n] of after.entries()) {
      expect(n, `rows touched ${before[i]} → ${n}`).toBeLessThanOrEqual(before[i]!);
      expect(n).toBeLessThan(500);
    }
  });

  it('an unknown member is a 404, bad input a 400 that names the field; only the jail authority may ask', async () => {
    const status = async (url: string, cookie?: string) => (await t.request('GET', url, cookie ? { cookie } : {})).statusCode;
    expect(await status('/api/ngos/choices?member=00000000-0000-4000-8000-000000000000', jail)).toBe(404);
    const bad = await t.request('GET', '/api/ngos/choices?member=nope', { cookie: jail });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('member');
    expect(await status('/api/ngos/choices', jail)).toBe(400);
    const member = await createFamilyMember(t.db, { location: SITAPUR });
    expect(await status(`/api/ngos/choices?member=${member.user.id}&q=${'a'.repeat(121)}`, jail)).toBe(400);
    expect(await status(`/api/ngos/choices?member=${member.user.id}&near=x`, jail)).toBe(400);
    expect(await status(`/api/ngos/choices?member=${member.user.id}`, await sessionCookie(t.db, member.user.id))).toBe(403);
    expect(await status(`/api/ngos/choices?member=${member.user.id}`)).toBe(401);
  });
});
