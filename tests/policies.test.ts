// The access rules, read from one table: role × relationship × action → allow / 403 / 404.
// Each row is checked against real database rows: the policy decision itself, the document download
// (GET /api/documents/:id), the lawyer's lists and bail-paper upload, reading a case and recording a hearing. A change
// to who may see a family member's record changes this table first (docs/decisions/0004-404-vs-403.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRecordDecision, type Decision, type MemberRecordAction } from '#server/policies/member-record.policy.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import {
  createCase,
  createDocument,
  createFamilyMember,
  createJailAuthority,
  createLawyer,
  createLawyerRequest,
  sessionCookie,
} from './factories.ts';
import { minimalPdf, multipartBody } from './fixtures/files.ts';

type Actor =
  'the member' | 'another member' | 'accepted lawyer' | 'pending lawyer' | 'rejected lawyer' | 'unrelated lawyer' | 'jail authority';
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
};

const STATUS: Record<Decision, number> = { allow: 200, forbidden: 403, not_found: 404 };

let t: TestApp;
let memberId: string;
let documentId: string;
let caseId: string;
const actors = {} as Record<Actor, { id: string; role: 'Family-Member' | 'Lawyer' | 'Jail-Authority'; cookie: string }>;

beforeAll(async () => {
  t = await createTestApp();
  const member = await createFamilyMember(t.db);
  memberId = member.user.id;
  documentId = (await createDocument(t.db, { familyMemberId: memberId })).id;
  caseId = (await createCase(t.db, { familyMemberId: memberId })).id;
  const add = async (name: Actor, user: { id: string; role: 'Family-Member' | 'Lawyer' | 'Jail-Authority' }) => {
    actors[name] = { id: user.id, role: user.role, cookie: await sessionCookie(t.db, user.id) };
  };
  await add('the member', member.user);
  await add('another member', (await createFamilyMember(t.db)).user);
  for (const [name, status] of [
    ['accepted lawyer', 'accepted'],
    ['pending lawyer', 'pending'],
    ['rejected lawyer', 'rejected'],
    ['unrelated lawyer', undefined],
  ] as const) {
    const lawyer = await createLawyer(t.db);
    if (status) await createLawyerRequest(t.db, { familyMemberId: memberId, lawyerId: lawyer.user.id, status });
    await add(name, lawyer.user);
  }
  await add('jail authority', await createJailAuthority(t.db));
});
afterAll(() => t.close());

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
