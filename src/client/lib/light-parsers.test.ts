// The sign-in route's hand-written checks accept exactly what the shared zod schemas accept, on the
// payloads the server sends and on broken ones (docs/decisions/0010-no-zod-on-the-sign-in-route.md).
import { describe, expect, it } from 'vitest';
import { MetaSchema, SessionSchema, UserSchema } from '#shared/accounts.ts';
import { metaParser, sessionParser, userParser } from './light-parsers.ts';

const user = {
  id: '0b7f6c1e-3f43-4c8e-9a53-1f0c2b7d9e11',
  name: 'Sunita Devi',
  email: 'family.demo@gmail.com',
  role: 'Family-Member',
  language: null,
};

const cases: [string, { parse(v: unknown): unknown }, { safeParse(v: unknown): { success: boolean } }, unknown[]][] = [
  [
    'user',
    userParser,
    UserSchema,
    [
      user,
      { ...user, language: 'hi' },
      { ...user, language: 'xx' },
      { ...user, role: 'Admin' },
      { ...user, id: 'not-a-uuid' },
      { ...user, name: 5 },
      { ...user, role: 'Jail-Authority', secondFactor: 'enrol' },
      { ...user, role: 'Lawyer', secondFactor: 'verify' },
      { ...user, secondFactor: 'skip' },
      null,
      [],
      'x',
    ],
  ],
  ['session', sessionParser, SessionSchema, [{ user }, { user: null }, {}, { user: { ...user, role: 'x' } }, null]],
  [
    'meta',
    metaParser,
    MetaSchema,
    [
      { emailDomains: ['gmail.com'], passwordMin: 8 },
      { emailDomains: [1], passwordMin: 8 },
      { emailDomains: [] },
      { passwordMin: 8 },
      null,
    ],
  ],
];

describe('light parsers agree with the zod schemas', () => {
  for (const [name, light, schema, samples] of cases)
    it.each(samples.map((s) => [JSON.stringify(s), s]))(`${name}: %s`, (_, sample) => {
      const zodOk = schema.safeParse(sample).success;
      let lightOk = true;
      try {
        light.parse(sample);
      } catch {
        lightOk = false;
      }
      expect(lightOk).toBe(zodOk);
    });

  it('returns the same data as the schema', () => {
    expect(userParser.parse({ ...user, extra: 1 })).toEqual(UserSchema.parse({ ...user, extra: 1 }));
    expect(sessionParser.parse({ user })).toEqual(SessionSchema.parse({ user }));
  });
});
