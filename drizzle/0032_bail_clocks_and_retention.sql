-- The bail order's details and the poor-prisoners fund's steps on each case (docs/law.md#bail-clocks), and the
-- indexes retention deletes through (docs/retention.md).
ALTER TABLE "cases" ADD COLUMN "bail_court" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "bail_bond_amount" integer;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "bail_sureties" integer;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "bail_surety_amount" integer;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "bail_conditions" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "bail_furnished_on" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "dlsa_informed_on" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "dlsa_recommended_on" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "committee_decided_on" date;--> statement-breakpoint
CREATE INDEX "email_outbox_sent_idx" ON "email_outbox" USING btree ("sent_at") WHERE "email_outbox"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "password_resets_expires_idx" ON "password_resets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_unconfirmed_idx" ON "users" USING btree ("created_at") WHERE "users"."confirmed_at" is null;