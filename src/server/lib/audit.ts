import type { Db } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';

/** Who did what to whose record. Pass the transaction of the change. */
export async function audit(db: Db, actorId: string | null, action: string, subject: string | null, details?: Record<string, unknown>) {
  await db.insert(auditEvents).values({ actorId, action, subject, details });
}
