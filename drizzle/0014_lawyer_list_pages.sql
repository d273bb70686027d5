-- Issue 10 and contract 5: the lawyer's pending requests and accepted clients are read a page at a
-- time, by keyset from a cursor (docs/decisions/0028-lawyer-lists-keyset-pages.md). Each list is a
-- range of its own partial index in the list's order, so a page reads a page of rows however many
-- requests the lawyer has. Accepted clients are ordered by when they were accepted (the decision's
-- time; the request's own for a row from before decisions were timed), newest first.
CREATE INDEX "lawyer_requests_pending_page_idx" ON "lawyer_requests" ("lawyer_id", "created_at", "id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "lawyer_requests_accepted_page_idx" ON "lawyer_requests" ("lawyer_id", coalesce("decided_at", "created_at"), "id") WHERE "status" = 'accepted';
