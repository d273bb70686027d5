import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ruleOfIssue } from './errors.ts';

const ruleOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a failure');
  return ruleOfIssue(r.error.issues[0] as Parameters<typeof ruleOfIssue>[0]);
};

describe('ruleOfIssue: one mapping from zod issues to translatable rules', () => {
  it('names lengths, numbers, formats and choices with their limits', () => {
    expect(ruleOf(z.string().max(120), 'x'.repeat(121))).toEqual({ rule: 'too_long', limit: 120 });
    expect(ruleOf(z.string().min(8), 'short')).toEqual({ rule: 'too_short', limit: 8 });
    expect(ruleOf(z.string().trim().min(1), '  ')).toEqual({ rule: 'required' });
    expect(ruleOf(z.object({ a: z.string() }), {})).toEqual({ rule: 'required' });
    expect(ruleOf(z.number().int().min(0), -3)).toEqual({ rule: 'too_small', limit: 0 });
    expect(ruleOf(z.number().int().max(10), 11)).toEqual({ rule: 'too_big', limit: 10 });
    expect(ruleOf(z.number().int(), 1.5)).toMatchObject({ rule: 'not_integer' });
    expect(ruleOf(z.email(), 'nope')).toEqual({ rule: 'invalid_format' });
    expect(ruleOf(z.enum(['a', 'b']), 'c')).toEqual({ rule: 'invalid_choice' });
  });
});
