-- The relatives' prefix indexes carry what the prisoner search's relative branch reads (the name, the
-- id), so PostgreSQL reads the range in its order, index only, and stops after a page, instead of a
-- bitmap scan and a sort of every relative whose name starts with the query
-- (docs/decisions/0071-relative-prefix-indexes-cover-the-search.md).
DROP INDEX "family_members_prison_name_prefix_idx";--> statement-breakpoint
DROP INDEX "family_members_prison_phone_prefix_idx";--> statement-breakpoint
CREATE INDEX "family_members_prison_name_prefix_idx" ON "family_members" USING btree ("prison_id",lower("name") text_pattern_ops,"name","user_id") WHERE "family_members"."prison_id" is not null;--> statement-breakpoint
CREATE INDEX "family_members_prison_phone_prefix_idx" ON "family_members" USING btree ("prison_id","phone" text_pattern_ops,"user_id") WHERE "family_members"."prison_id" is not null;