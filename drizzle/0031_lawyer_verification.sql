-- Lawyers verified before families see them (docs/decisions/0048-lawyers-verified-before-families-see-them.md):
-- the Bar Council enrolment a lawyer gives, and who verified it when (or refused it, and why). The
-- family's lawyer search reads partial indexes of verified lawyers only, so the three search indexes are
-- made again with WHERE verified_at IS NOT NULL; two more list those awaiting verification, oldest
-- first, for the administrator and for a jail of the lawyer's district. Lawyers registered before
-- this change have no enrolment and are not verified: families stop finding them until they give it
-- and it is verified.
DROP INDEX "lawyers_search_district_idx";
--> statement-breakpoint
DROP INDEX "lawyers_search_state_idx";
--> statement-breakpoint
DROP INDEX "lawyers_search_name_idx";
--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "bar_enrolment_number" text;
--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "bar_council_state" text;
--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "verified_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "verified_by" uuid;
--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "verification_rejected_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "lawyers" ADD COLUMN "verification_rejection_reason" text;
--> statement-breakpoint
ALTER TABLE "lawyers" ADD CONSTRAINT "lawyers_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "lawyers_awaiting_verification_idx" ON "lawyers" USING btree ("registered_at","user_id") WHERE "lawyers"."verified_at" is null and "lawyers"."verification_rejected_at" is null and "lawyers"."bar_enrolment_number" is not null;
--> statement-breakpoint
CREATE INDEX "lawyers_awaiting_verification_place_idx" ON "lawyers" USING btree ("state","district","registered_at","user_id") WHERE "lawyers"."verified_at" is null and "lawyers"."verification_rejected_at" is null and "lawyers"."bar_enrolment_number" is not null;
--> statement-breakpoint
CREATE INDEX "lawyers_search_district_idx" ON "lawyers" USING btree ("lawyer_type","state","district","name","user_id") WHERE "lawyers"."verified_at" is not null;
--> statement-breakpoint
CREATE INDEX "lawyers_search_state_idx" ON "lawyers" USING btree ("lawyer_type","state","name","user_id") WHERE "lawyers"."verified_at" is not null;
--> statement-breakpoint
CREATE INDEX "lawyers_search_name_idx" ON "lawyers" USING btree ("lawyer_type","name","user_id") WHERE "lawyers"."verified_at" is not null;
--> statement-breakpoint
ALTER TABLE "lawyers" ADD CONSTRAINT "lawyers_verified_has_enrolment" CHECK ("lawyers"."verified_at" is null or "lawyers"."bar_enrolment_number" is not null);
