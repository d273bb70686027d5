// A family member takes back a lawyer request the lawyer has not answered yet (docs/spec.md#4-states-and-transitions).
import { z } from 'zod';

export const WithdrawRequestParamsSchema = z.strictObject({ id: z.uuid() });

export const WithdrawnRequestSchema = z.object({
  id: z.uuid(),
  status: z.literal('withdrawn'),
  withdrawnAt: z.string(),
  lawyer: z.object({ id: z.uuid(), name: z.string() }),
});
export type WithdrawnRequest = z.infer<typeof WithdrawnRequestSchema>;
