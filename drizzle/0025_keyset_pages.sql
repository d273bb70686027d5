-- Keyset pages for the lists that grow with their owner (docs/decisions/0044-keyset-pages-for-the-heavy-tail.md):
-- each page is a range of one index read from the cursor, whatever the size of the NGO or the inbox.
-- The new indexes lead with the old ones' columns, which they replace (foreign-key checks, the NGO's
-- card and count triggers, and the unread count still find their rows by ngo_id or user_id).

-- An NGO's members, newest assignment first: (assigned_at, family_member_id) read backwards from the cursor.
CREATE INDEX "ngo_assignments_ngo_page_idx" ON "ngo_assignments" USING btree ("ngo_id", "assigned_at", "family_member_id");--> statement-breakpoint
DROP INDEX "ngo_assignments_ngo_idx";--> statement-breakpoint

-- A user's notifications, newest first: the id breaks ties of created_at inside the index, so a deep
-- page starts at its cursor instead of filtering every newer notification.
CREATE INDEX "notifications_user_page_idx" ON "notifications" USING btree ("user_id", "created_at", "id");--> statement-breakpoint
DROP INDEX "notifications_user_idx";
