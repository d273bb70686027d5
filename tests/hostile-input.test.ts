// Issue 9: a property test over every operation in /api/openapi.json, as every role and
// anonymously, with hostile input — NUL, lone surrogates, RTL marks, huge strings, deeply nested
// and wrongly typed bodies, garbage path parameters and query strings, broken multipart. Whatever
// arrives, the answer is never a 500 and never shows a stack trace, SQL text or a file path; an
// error is always in our shape. Operations added later are covered automatically.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#shared/constants.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createFamilyMember, createJailAuthority, createUser, createLawyer, sessionCookie } from './factories.ts';

/** Runs per operation and identity: bounded so the file stays quick on both databases. */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 4);

let t: TestApp;
const users: Partial<Record<Role, string>> = {};

interface Operation {
  method: string;
  path: string;
  fields: string[];
  queryNames: string[];
}

let ops: Operation[] = [];

beforeAll(async () => {
  t = await createTestApp();
  users['Family-Member'] = (await createFamilyMember(t.db)).user.id;
  users.Lawyer = (await createLawyer(t.db)).user.id;
  users['Jail-Authority'] = (await createJailAuthority(t.db)).id;
  users.DLSA = (await createUser(t.db, { role: 'DLSA' })).id;
  users['State-Administrator'] = (await createUser(t.db, { role: 'State-Administrator' })).id;
  const res = await t.request('GET', '/api/openapi.json');
  type Op = {
    parameters?: { in: string; name: string }[];
    requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  };
  const doc = res.json<{ paths: Record<string, Record<string, Op>> }>();
  ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      fields: Object.keys(Object.values(op.requestBody?.content ?? {})[0]?.schema?.properties ?? {}),
      queryNames: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
});
afterAll(() => t.close());

// ---- hostile values ----------------------------------------------------------------------------

/** Any UTF-16 code unit, lone surrogates included. */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uD83D',
  '\u202E\u200Fevil\u202C',
  '\u200B\uFEFF',
  "'; drop table users; --",
  '" or 1=1 --',
  '${jndi:x}',
  '<script>alert(1)</script>',
  '%00%ff%',
  '../../../etc/passwd',
  '00000000-0000-4000-8000-000000000000',
  '\uFFFD\uFFFE\uFFFF',
  'जमानत',
  '',
  ' ',
);
const hostileString = fc.oneof(
  { weight: 4, arbitrary: nasty },
  { weight: 3, arbitrary: fc.string({ unit: anyUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('A'.repeat(5_000), 'ऋ'.repeat(70_000), '\u0000'.repeat(1_000)) },
);
const scalar = fc.oneof(hostileString, fc.constantFrom(null, true, false, 0, -1, 1e308, Number.MAX_SAFE_INTEGER, 3.5), fc.integer());
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'x y'), scalar, { maxKeys: 2 }) },
);

type Body = { kind: 'json'; text: string } | { kind: 'none' } | { kind: 'raw'; contentType: string; payload: string | Buffer };

function deep(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

const bodyFor = (fields: string[]): fc.Arbitrary<Body> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({
          // Most often every field, so each field meets the hostile values.
          picked: fc.oneof(
            { weight: 3, arbitrary: fc.constant<string[]>(fields.length ? fields : ['x']) },
            { weight: 1, arbitrary: fc.subarray<string>(fields.length ? fields : ['x']) },
          ),
          values: fc.array(value, { minLength: 5, maxLength: 5 }),
          extra: fc.option(fc.constantFrom('isAdmin', 'role', 'id', 'userId'), { nil: undefined }),
        })
        .map(({ picked, values, extra }) => {
          const obj: Record<string, unknown> = {};
          picked.forEach((f, i) => (obj[f] = values[i % values.length]));
          if (extra) obj[extra] = values[4];
          return { kind: 'json' as const, text: JSON.stringify(obj) };
        }),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(deep(5_000), `[${'['.repeat(10_000)}${']'.repeat(10_000)}]`, deep(40)),
          fc.constantFrom('[]', '"text"', '42', 'null', 'true', '{"a":1,"a":2}', '{', '{"__proto__":{"x":1}}', '\uFEFF{}'),
          fc.constantFrom(`{"email":"${'a'.repeat(300_000)}"}`),
        )
        .map((text) => ({ kind: 'json' as const, text })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { kind: 'raw', contentType: 'multipart/form-data', payload: 'x' },
        {
          kind: 'raw',
          contentType: 'multipart/form-data; boundary=zz',
          payload: '--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
        },
        { kind: 'raw', contentType: 'multipart/form-data; boundary=zz', payload: '--zz--\r\n' },
        {
          kind: 'raw',
          contentType: 'multipart/form-data; boundary=zz',
          payload: '--zz\r\nContent-Disposition: form-data; name="file"; filename="\u0000\uD800.pdf"\r\n\r\n%PDF-1.4\r\n--zz--\r\n',
        },
        { kind: 'raw', contentType: 'application/x-www-form-urlencoded', payload: 'a=%00' },
        { kind: 'raw', contentType: 'application/json; charset=utf-16', payload: Buffer.from([0xff, 0xfe, 0x7b, 0x00]) },
        {
          kind: 'raw',
          contentType: 'application/json',
          payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
        },
      ),
    },
  );

/** Percent-encodes a hostile string for a URL; lone surrogates become invalid UTF-8 bytes. */
function encodeSegment(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += `%ED%${(0xa0 + ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (code & 0x3f)).toString(16).toUpperCase()}`;
    else out += encodeURIComponent(ch);
  }
  return out;
}

const pathParam = fc.oneof(
  hostileString.map((s) => encodeSegment(s.slice(0, 200)) || 'x'),
  fc.constantFrom('%', '%E0%A4%A', '%ZZ', '..', '%2e%2e%2f', 'null', '-1', '1e999', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
);

const query = (names: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...names, 'x', 'q'),
        fc.oneof(
          hostileString.map((s) => encodeSegment(s.slice(0, 300))),
          fc.constantFrom('%', '-5', '999999999999', '1.5'),
        ),
      ),
      {
        maxLength: 3,
      },
    )
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

// ---- what must never be seen -------------------------------------------------------------------

const STACK = /\n\s+at |\bat [\w.<>]+ \(.*:\d+:\d+\)/;
const SQL = /\b(select\s.+\sfrom|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from|violates|syntax error at|relation\s+")/i;
const FILE_PATH = /\/work\/|\/home\/|node_modules|\/src\/server|\.ts:\d+|file:\/\//;

function check(label: string, res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const text = res.body;
  expect(STACK.test(text), `${label}: stack trace in ${text.slice(0, 300)}`).toBe(false);
  expect(FILE_PATH.test(text), `${label}: file path in ${text.slice(0, 300)}`).toBe(false);
  if (res.statusCode >= 400) {
    expect(SQL.test(text), `${label}: SQL in ${text.slice(0, 300)}`).toBe(false);
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    expect(typeof body.error?.code, `${label}: not our error shape: ${text.slice(0, 300)}`).toBe('string');
    expect(typeof body.error?.message).toBe('string');
  }
}

describe('hostile input on every OpenAPI operation', () => {
  it('finds the operations', () => {
    expect(ops.length).toBeGreaterThan(20);
  });

  for (const identity of [...ROLES, 'anonymous'] as const) {
    it(`never answers 500 or leaks internals, as ${identity}`, async () => {
      for (const op of ops) {
        await fc.assert(
          fc.asyncProperty(
            fc.array(pathParam, { minLength: 3, maxLength: 3 }),
            query(op.queryNames),
            bodyFor(op.fields),
            async (params, qs, body) => {
              let i = 0;
              const url = op.path.replace(/\{[^}]+\}/g, () => params[i++ % params.length]!) + qs;
              const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' };
              // A fresh session each time: an operation (sign-out, password change) may end it.
              if (identity !== 'anonymous') headers.cookie = await sessionCookie(t.db, users[identity]!);
              let payload: string | Buffer | undefined;
              if (body.kind === 'json' && op.method !== 'GET') {
                headers['content-type'] = 'application/json';
                payload = body.text;
              } else if (body.kind === 'raw' && op.method !== 'GET') {
                headers['content-type'] = body.contentType;
                payload = body.payload;
              }
              const res = await t.app.inject({ method: op.method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
              check(`${identity} ${op.method} ${url.slice(0, 120)}`, res);
            },
          ),
          {
            numRuns: RUNS,
            // Always tried first: every field and path parameter holding NUL, then a lone surrogate.
            examples: ['a\u0000b', 'x\uD800y'].map(
              (bad) =>
                [
                  [encodeSegment(bad), encodeSegment(bad), encodeSegment(bad)],
                  op.queryNames.length ? `?${op.queryNames.map((n) => `${n}=${encodeSegment(bad)}`).join('&')}` : '',
                  { kind: 'json' as const, text: JSON.stringify(Object.fromEntries(op.fields.map((f) => [f, bad]))) },
                ] as [string[], string, Body],
            ),
          },
        );
      }
    }, 600_000);
  }
});
