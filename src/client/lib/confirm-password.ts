import { z } from 'zod';

/**
 * A form schema with a `confirm` field that must repeat `field`: the shared request schema keeps
 * its own rules, and the repeat is checked even while the password itself is refused.
 */
export function withConfirmation(schema: z.ZodObject, field: string) {
  return schema
    .extend({ confirm: z.string() })
    .refine((v: Record<string, unknown>) => v.confirm === v[field], { path: ['confirm'], when: () => true });
}
