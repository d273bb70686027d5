// The access rules, read from one table: role × relationship × action → allow / 403 / 404.
// Each row is checked against real database rows: the policy decision itself, the document download
// (GET /api/documents/:id), the lawyer's lists and bail-paper upload, reading a case and recording a hearing. A change
// to who may see a family member's record changes this table first (docs/decisions/0004-404-vs-403.md).
// The NGO table below works the same way: role × NGO action, checked on the policy and on each route.
import type { Role } from '#shared/constants.ts';
import { eq, sql } from 'drizzle-orm';
import { prisons, users } from '#server/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRecordDecision, type Decision, type MemberRecordAction } from '#server/policies/member-record.policy.ts';
import { decideNgo, NGO_ACTIONS, type NgoAction } from '#server/policies/ngo.policy.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import {
  createCase,
  createDocument,
  createFamilyMember,
  createJailAuthority,
  createLawyer,
  createLawyerRequest,
  createNgo,
  sessionCookie,
} from './factories.ts';
import { minimalPdf, multipartBody } from './fixtures/files.ts';

type Actor =
  | 'the member'
  | 'another member'
  | 'accepted lawyer'
  | 'pending lawyer'
  | 'rejected lawyer'
  | 'ended lawyer'
  | 'unrelated lawyer'
  | 'jail authority'
  | 'jail authority of its prison'
  | 'jail authority of another prison';
/** Jail authorities of one prison (docs/decisions/0047-jail-sees-its-own-prison.md): the member's prisoner is held in the first. */
type ScopedJail = 'jail authority of its prison' | 'jail authority of another prison';
const ACTIONS: readonly MemberRecordAction[] = ['read-record', 'read-request', 'upload-bail-paper', 'edit-case', 'record-hearing'];

/** THE RULES. One row per relationship to the family member's record. */
const MATRIX: Record<Actor, Record<MemberRecordAction, Decision>> = {
  'the member': {
    'read-record': 'allow',
    'read-request': 'allow',
    'upload-bail-paper': 'allow',
    'edit-case': 'allow',
    'record-hearing': 'forbidden',
  },
  'another member': {
    'read-record': 'not_found',
    'read-request': 'not_found',
    'upload-bail-paper': 'not_found',
    'edit-case': 'not_found',
    'record-hearing': 'not_found',
  },
  'accepted lawyer': {
    'read-record': 'allow',
    'read-request': 'allow',
    'upload-bail-paper': 'allow',
    'edit-case': 'allow',
    'record-hearing': 'allow',
  },
  'pending lawyer': {
    'read-record': 'not_found',
    'read-request': 'allow',
    'upload-bail-paper': 'forbidden',
    'edit-case': 'forbidden',
    'record-hearing': 'not_found',
  },
  'rejected lawyer': {
    'read-record': 'not_found',
    'read-request': 'not_found',
    'upload-bail-paper': 'not_found',
    'edit-case': 'not_found',
    'record-hearing': 'not_found',
  },
  // Accepted, then the family ended the engagement: nothing of the record is left to them.
  'ended lawyer': {
    'read-record': 'not_found',
    'read-request': 'not_found',
    'upload-bail-paper': 'not_found',
    'edit-case': 'not_found',
    'record-hearing': 'not_found',
  },
  'unrelated lawyer': {
    'read-record': 'not_found',
    'read-request': 'not_found',
    'upload-bail-paper': 'not_found',
    'edit-case': 'not_found',
    'record-hearing': 'not_found',
  },
  'jail authority': {
    'read-record': 'allow',
    'read-request': 'allow',
    'upload-bail-paper': 'forbidden',
    'edit-case': 'allow',
    'record-hearing': 'allow',
  },
  'jail authority of its prison': {
    'read-record': 'allow',
    'read-request': 'allow',
    'upload-bail-paper': 'forbidden',
    'edit-case': 'allow',
    'record-hearing': 'allow',
  },
  'jail authority of another prison': {
    'read-record': 'not_found',
    'read-request': 'not_found',
    'upload-bail-paper': 'not_found',
    'edit-case': 'not_found',
    'record-hearing': 'not_found',
  },
};

/** THE NGO RULES: managing NGOs and their seats is the jail authority's alone; the rest are refused (403). */
const REFUSED_NGO: Record<NgoAction, Decision> = {
  list: 'forbidden',
  create: 'forbidden',
  edit: 'forbidden',
  'read-members': 'forbidden',
  assign: 'forbidden',
};
// A scoped jail authority's NGO rights are the jail authority's; its assignments stay in its prison
// (src/server/features/prisons/prisons.test.ts).
const NGO_MATRIX: Record<Exclude<Actor, ScopedJail>, Record<NgoAction, Decision>> = {
  'the member': REFUSED_NGO,
  'another member': REFUSED_NGO,
  'accepted lawyer': REFUSED_NGO,
  'pending lawyer': REFUSED_NGO,
  'rejected lawyer': REFUSED_NGO,
  'ended lawyer': REFUSED_NGO,
  'unrelated lawyer': REFUSED_NGO,
  'jail authority': { list: 'allow', create: 'allow', edit: 'allow', 'read-members': 'allow', assign: 'allow' },
};

const STATUS: Record<Decision, number> = { allow: 200, forbidden: 403, not_found: 404 };

let t: TestApp;
let memberId: string;
let documentId: string;
let caseId: string;
const actors = {} as Record<Actor, { id: string; role: Role; cookie: string; prisonId?: string }>;

beforeAll(async () => {
  t = await createTestApp();
  const member = await createFamilyMember(t.db);
  memberId = member.user.id;
  documentId = (await createDocument(t.db, { familyMemberId: memberId })).id;
  caseId = (await createCase(t.db, { familyMemberId: memberId })).id;
  const add = async (name: Actor, user: { id: string; role: Role }) => {
    actors[name] = { id: user.id, role: user.role, cookie: await sessionCookie(t.db, user.id) };
  };
  await add('the member', member.user);
  await add('another member', (await createFamilyMember(t.db)).user);
  for (const [name, status] of [
    ['accepted lawyer', 'accepted'],
    ['pending lawyer', 'pending'],
    ['rejected lawyer', 'rejected'],
    ['ended lawyer', 'accepted'],
    ['unrelated lawyer', undefined],
  ] as const) {
    const lawyer = await createLawyer(t.db);
    if (status) {
      const request = await createLawyerRequest(t.db, { familyMemberId: memberId, lawyerId: lawyer.user.id, status });
      // The family ends this one through the route, as the Case Status page does.
      if (name === 'ended lawyer') {
        const ended = await t.request('POST', `/api/family/requests/${request.id}/end`, { cookie: actors['the member'].cookie });
        expect(ended.statusCode, ended.body).toBe(200);
      }
    }
    await add(name, lawyer.user);
  }
  await add('jail authority', await createJailAuthority(t.db));
  const [held, other] = await t.db
    .insert(prisons)
    .values([
      { name: 'Policy Jail One', district: 'Sitapur', dlsaEmail: 'dlsa@example.org' },
      { name: 'Policy Jail Two', district: 'Hardoi', dlsaEmail: 'dlsa@example.org' },
    ])
    .returning({ id: prisons.id });
  await t.db.execute(sql`update prisoners set prison_id = ${held!.id}
    where id in (select prisoner_id from prisoner_followers where family_member_id = ${memberId})`);
  for (const [name, prison] of [
    ['jail authority of its prison', held!.id],
    ['jail authority of another prison', other!.id],
  ] as const) {
    const jail = await createJailAuthority(t.db);
    await t.db.update(users).set({ prisonId: prison }).where(eq(users.id, jail.id));
    await add(name, { ...jail });
    actors[name] = { ...actors[name], prisonId: prison };
  }
});
afterAll(() => t.close());

/** One request per NGO action, and the status it answers when allowed. */
function ngoRequest(action: NgoAction, ngo: { id: string; version: number }, assignee: string) {
  const ngoBody = { name: 'Policy Trust', address: '1 Policy Road, Delhi', contactInfo: '011-1111111', report: '', seatsTotal: 5 };
  switch (action) {
    case 'list':
      return { method: 'GET', url: '/api/ngos', ok: 200 } as const;
    case 'create':
      return { method: 'POST', url: '/api/ngos', body: ngoBody, ok: 201 } as const;
    case 'edit':
      return { method: 'PUT', url: `/api/ngos/${ngo.id}`, body: { ...ngoBody, version: ngo.version }, ok: 200 } as const;
    case 'read-members':
      return { method: 'GET', url: `/api/ngos/${ngo.id}/members`, ok: 200 } as const;
    case 'assign':
      return { method: 'POST', url: `/api/jail/members/${assignee}/ngo`, body: { ngoId: ngo.id }, ok: 200 } as const;
  }
}

const rows = Object.entries(MATRIX) as [Actor, Record<MemberRecordAction, Decision>][];

describe('policy matrix: the decision on real rows', () => {
  for (const [actor, expected] of rows) {
    for (const action of ACTIONS) {
      it(`${actor} × ${action} → ${expected[action]}`, async () => {
        expect(await memberRecordDecision(t.db, actors[actor], memberId, action)).toBe(expected[action]);
      });
    }
  }
});

describe('policy matrix: every download and query follows it', () => {
  for (const [actor, expected] of rows) {
    it(`${actor}: downloading the member's bail paper answers ${STATUS[expected['read-record']]}`, async () => {
      const res = await t.request('GET', `/api/documents/${documentId}`, { cookie: actors[actor].cookie });
      expect(res.statusCode).toBe(STATUS[expected['read-record']]);
      if (expected['read-record'] !== 'allow') expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    });
  }

  for (const [actor, expected] of rows) {
    it(`${actor}: opening the member's case answers ${STATUS[expected['read-request']]}`, async () => {
      const res = await t.request('GET', `/api/cases/${caseId}`, { cookie: actors[actor].cookie });
      expect(res.statusCode).toBe(STATUS[expected['read-request']]);
      if (res.statusCode === 200) {
        expect(res.json<{ can: { editFacts: boolean } }>().can.editFacts).toBe(expected['edit-case'] === 'allow');
      }
    });
  }

  // Family members are refused hearings by the route's roles (403) before the rule is read.
  for (const [actor, expected] of rows.filter(([a]) => !a.endsWith('member'))) {
    it(`${actor}: recording a hearing of the member's case answers ${expected['record-hearing'] === 'allow' ? 201 : STATUS[expected['record-hearing']]}`, async () => {
      const body = { hearingOn: '2030-01-15', court: 'Sessions Court', purpose: 'Bail hearing' };
      const res = await t.request('POST', `/api/cases/${caseId}/hearings`, { cookie: actors[actor].cookie, body });
      const decision = expected['record-hearing'];
      expect(res.statusCode).toBe(decision === 'allow' ? 201 : STATUS[decision]);
    });
  }

  for (const [actor, expected] of rows.filter(([a]) => a.endsWith('lawyer'))) {
    it(`${actor}: sees the member among clients only when read-record is allowed, among requests only when pending`, async () => {
      const { cookie, id } = actors[actor];
      const clients = (await t.request('GET', '/api/lawyers/clients', { cookie })).json<{ clients: { id: string }[] }>().clients;
      expect(clients.some((c) => c.id === memberId)).toBe(expected['read-record'] === 'allow');
      const pending = (await t.request('GET', '/api/lawyers/requests', { cookie })).json<{
        requests: { familyMember: { id: string } }[];
      }>();
      const asked = pending.requests.some((r) => r.familyMember.id === memberId);
      expect(asked, id).toBe(expected['read-request'] === 'allow' && expected['read-record'] !== 'allow');
    });

    it(`${actor}: uploading a bail paper for the member answers ${expected['upload-bail-paper'] === 'allow' ? 201 : STATUS[expected['upload-bail-paper']]}`, async () => {
      const { payload, contentType } = multipartBody('bail.pdf', 'application/pdf', minimalPdf());
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/lawyers/clients/${memberId}/documents`,
        headers: { 'content-type': contentType, cookie: actors[actor].cookie, 'sec-fetch-site': 'same-origin' },
        payload,
      });
      const decision = expected['upload-bail-paper'];
      expect(res.statusCode).toBe(decision === 'allow' ? 201 : STATUS[decision]);
    });
  }
});

describe('NGO policy matrix: the decision and every NGO route follow it', () => {
  const ngoRows = Object.entries(NGO_MATRIX) as [Exclude<Actor, ScopedJail>, Record<NgoAction, Decision>][];
  for (const [actor, expected] of ngoRows) {
    for (const action of NGO_ACTIONS) {
      it(`${actor} × NGO ${action} → ${expected[action]}`, async () => {
        expect(decideNgo(actors[actor], action)).toBe(expected[action]);
        // A fresh NGO and member per row, so one allowed edit or assignment does not change the next.
        const ngo = await createNgo(t.db);
        const assignee = (await createFamilyMember(t.db)).user.id;
        const { method, url, body, ok } = { body: undefined, ...ngoRequest(action, ngo, assignee) };
        const res = await t.request(method, url, { cookie: actors[actor].cookie, body });
        expect(res.statusCode, res.body).toBe(expected[action] === 'allow' ? ok : STATUS[expected[action]]);
      });
    }
  }
});
