-- A jail authority sees its own prison (docs/decisions/0047-jail-sees-its-own-prison.md): each family
-- member is listed under the prison of the first prisoner they follow who is held in a listed prison
-- (family_members.prison_id, kept by drizzle/objects/functions/member_prison_refresh.sql), with the list's
-- indexes led by the prison, and the counts kept per prison as well as for the whole deployment
-- (jail_counts.scope). The backfill runs under the triggers as they were (their counts move by nothing:
-- no counted column changes), before the counters' key changes; the per-prison counts are then added.
ALTER TABLE "family_members" ADD COLUMN "prison_id" uuid;
--> statement-breakpoint
ALTER TABLE "jail_counts" ADD COLUMN "scope" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL;
--> statement-breakpoint
ALTER TABLE "member_case_types" ADD COLUMN "prison_id" uuid;
--> statement-breakpoint
UPDATE "family_members" m SET "prison_id" = x."prison_id" FROM (
  SELECT DISTINCT ON (f."family_member_id") f."family_member_id", p."prison_id"
  FROM "prisoner_followers" f JOIN "prisoners" p ON p."id" = f."prisoner_id"
  WHERE p."prison_id" IS NOT NULL
  ORDER BY f."family_member_id", (p."status" IN ('released', 'transferred')), f."joined_at", p."id") x
WHERE m."user_id" = x."family_member_id";
--> statement-breakpoint
UPDATE "member_case_types" t SET "prison_id" = m."prison_id" FROM "family_members" m
WHERE m."user_id" = t."family_member_id" AND m."prison_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_prison_id_prisons_id_fk" FOREIGN KEY ("prison_id") REFERENCES "public"."prisons"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "jail_counts" DROP CONSTRAINT "jail_counts_pk";
--> statement-breakpoint
ALTER TABLE "jail_counts" ADD CONSTRAINT "jail_counts_scope_pk" PRIMARY KEY("scope","key","shard");
--> statement-breakpoint
INSERT INTO "jail_counts" ("scope", "key", "shard", "n")
  SELECT m."prison_id", k, 0, count(*) FROM "family_members" m, unnest(family_member_count_keys(to_jsonb(m))) AS k
  WHERE m."prison_id" IS NOT NULL GROUP BY 1, 2
  UNION ALL
  SELECT t."prison_id", 'type:' || t."case_type", 0, count(*) FROM "member_case_types" t
  WHERE t."cases" > 0 AND t."prison_id" IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
CREATE INDEX "family_members_prison_name_idx" ON "family_members" USING btree ("prison_id","name","user_id") WHERE "family_members"."prison_id" is not null;
--> statement-breakpoint
CREATE INDEX "family_members_prison_no_lawyer_idx" ON "family_members" USING btree ("prison_id","name","user_id") WHERE "family_members"."prison_id" is not null and "family_members"."no_lawyer";
--> statement-breakpoint
CREATE INDEX "family_members_prison_no_ngo_idx" ON "family_members" USING btree ("prison_id","name","user_id") WHERE "family_members"."prison_id" is not null and NOT "family_members"."has_ngo";
--> statement-breakpoint
CREATE INDEX "family_members_prison_bail_waiting_idx" ON "family_members" USING btree ("prison_id","name","user_id") WHERE "family_members"."prison_id" is not null and "family_members"."bail_waiting";
--> statement-breakpoint
CREATE INDEX "family_members_prison_bail_accepted_idx" ON "family_members" USING btree ("prison_id","name","user_id") WHERE "family_members"."prison_id" is not null and "family_members"."bail_accepted";
--> statement-breakpoint
CREATE INDEX "family_members_prison_release_eligible_now_idx" ON "family_members" USING btree ("prison_id","name","user_id") WHERE "family_members"."prison_id" is not null and "family_members"."release_eligible_now";
--> statement-breakpoint
CREATE INDEX "family_members_prison_release_eligible_soon_idx" ON "family_members" USING btree ("prison_id","name","user_id") WHERE "family_members"."prison_id" is not null and "family_members"."release_eligible_soon";
--> statement-breakpoint
CREATE INDEX "family_members_prison_release_default_bail_due_idx" ON "family_members" USING btree ("prison_id","name","user_id") WHERE "family_members"."prison_id" is not null and "family_members"."release_default_bail_due";
--> statement-breakpoint
CREATE INDEX "family_members_prison_release_past_maximum_idx" ON "family_members" USING btree ("prison_id","name","user_id") WHERE "family_members"."prison_id" is not null and "family_members"."release_past_maximum";
--> statement-breakpoint
CREATE INDEX "family_members_prison_name_prefix_idx" ON "family_members" USING btree ("prison_id",lower("name") text_pattern_ops) WHERE "family_members"."prison_id" is not null;
--> statement-breakpoint
CREATE INDEX "family_members_prison_email_prefix_idx" ON "family_members" USING btree ("prison_id","email" text_pattern_ops) WHERE "family_members"."prison_id" is not null;
--> statement-breakpoint
CREATE INDEX "family_members_prison_phone_prefix_idx" ON "family_members" USING btree ("prison_id","phone" text_pattern_ops) WHERE "family_members"."prison_id" is not null;
