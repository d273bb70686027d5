-- Issue 10: a search reads its four prefix indexes alone (index-only scans), never the table.
-- Each index now carries what its read returns (the member's id, and for an expression the column
-- it is computed from, which PostgreSQL needs to consider an index-only scan), so a prefix that
-- thousands of names share ("vikram") costs the same MEMBERS_COUNT_CAP + 1 index entries as any
-- other, with no heap fetch per entry. Before, PostgreSQL priced those heap fetches above a parallel
-- read of the whole (name, user_id) index and chose that: 102,992 rows touched at 100,000 members
-- (bench/results/explain-postgres-100000.md). docs/decisions/0024-search-reads-a-bounded-set.md.
DROP INDEX "family_members_name_prefix_idx";
--> statement-breakpoint
CREATE INDEX "family_members_name_prefix_idx" ON "family_members" (lower("name") text_pattern_ops) INCLUDE ("user_id", "name");
--> statement-breakpoint
DROP INDEX "family_members_email_prefix_idx";
--> statement-breakpoint
CREATE INDEX "family_members_email_prefix_idx" ON "family_members" ("email" text_pattern_ops) INCLUDE ("user_id");
--> statement-breakpoint
DROP INDEX "family_members_phone_prefix_idx";
--> statement-breakpoint
CREATE INDEX "family_members_phone_prefix_idx" ON "family_members" ("phone" text_pattern_ops) INCLUDE ("user_id");
--> statement-breakpoint
DROP INDEX "cases_case_number_prefix_idx";
--> statement-breakpoint
CREATE INDEX "cases_case_number_prefix_idx" ON "cases" (lower("case_number") text_pattern_ops) INCLUDE ("family_member_id", "case_number");
