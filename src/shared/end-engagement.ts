// A family member ends the engagement of a lawyer who accepted their request: the lawyer loses the
// record and is told; the family can then ask another lawyer, or the same one again.
import { z } from 'zod';

export const EndEngagementParamsSchema = z.strictObject({ id: z.uuid() });

export const EndedEngagementSchema = z.object({
  id: z.uuid(),
  status: z.literal('ended'),
  endedAt: z.string(),
  lawyer: z.object({ id: z.uuid(), name: z.string() }),
});
export type EndedEngagement = z.infer<typeof EndedEngagementSchema>;
