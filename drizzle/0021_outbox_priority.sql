-- The outbox sends urgent mail first (docs/decisions/0035-outbox-throughput.md): "priority" 0 is
-- urgent (account and password links, bail and release notices), 1 normal, 2 bulk (scheduled
-- reminders); higher goes later. Rows already queued become normal. The claim asks for pending rows
-- that are due, in (priority, next_attempt_at) order, LIMIT n FOR UPDATE SKIP LOCKED: a partial index
-- on exactly that order serves it and holds the pending rows only (sent ones pile up for good), so it
-- replaces the (status, next_attempt_at) index nothing else reads.
ALTER TABLE "email_outbox" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_priority_valid" CHECK ("email_outbox"."priority" >= 0);
--> statement-breakpoint
DROP INDEX IF EXISTS "email_outbox_due_idx";
--> statement-breakpoint
CREATE INDEX "email_outbox_claim_idx" ON "email_outbox" USING btree ("priority","next_attempt_at") WHERE "email_outbox"."status" = 'pending';
