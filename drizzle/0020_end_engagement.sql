-- Issue 25 (8a): a family member ends an accepted lawyer's engagement. The request becomes 'ended'
-- and records when in "ended_at" ("decided_at" keeps the acceptance). Nothing else is needed here:
-- every reader of a lawyer's access, the member's counters (0002) and both cards (0009, 0017) key on
-- status = 'accepted', and their triggers on lawyer_requests react to any change of status, so
-- accepted → ended takes the member off the lawyer's clients, lowers accepted_lawyers (and with it the
-- stage and the jail counts) and removes the lawyer from the jail card in the same transaction. The
-- one-open-request unique index covers pending and accepted only, so the member may ask again.
ALTER TABLE "lawyer_requests" ADD COLUMN "ended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "lawyer_requests" DROP CONSTRAINT "lawyer_requests_status_valid";
--> statement-breakpoint
ALTER TABLE "lawyer_requests" ADD CONSTRAINT "lawyer_requests_status_valid" CHECK ("lawyer_requests"."status" in ('pending', 'accepted', 'rejected', 'withdrawn', 'ended'));
--> statement-breakpoint
ALTER TABLE "lawyer_requests" ADD CONSTRAINT "lawyer_requests_ended_at_set" CHECK (("lawyer_requests"."status" = 'ended') = ("lawyer_requests"."ended_at" is not null));
