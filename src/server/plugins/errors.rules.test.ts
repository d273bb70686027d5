// A validation failure names its rule and limit, so the client can say it in the
// person's language instead of showing the validator's English.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/test-app.ts';
import { createFamilyMember, sessionCookie } from '#tests/factories.ts';

const t = useTestApp();

describe('validation details', () => {
  it('carry the rule and its limit beside the English message', async () => {
    const { user } = await createFamilyMember(t.db);
    const cookie = await sessionCookie(t.db, user.id);
    const res = await t.request('PUT', '/api/profile/details', {
      cookie,
      body: { name: 'x'.repeat(121), phone: '9876543210', address: '1 Road' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual(expect.objectContaining({ path: 'name', rule: 'too_long', limit: 120 }));
  });
});
