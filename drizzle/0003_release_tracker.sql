ALTER TABLE "cases" ADD COLUMN "prisoner_name" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "prisoner_relation" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "prison" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "custody_since" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "court" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "cnr" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "offences" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "first_offence" boolean;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "other_pending_cases" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "delay_by_accused_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "chargesheet_filed_on" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "s479_status" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "s479_fraction" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "s479_eligible_on" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "maximum_ends_on" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "default_bail_days" integer;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "default_bail_eligible_on" date;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_s479_status_valid" CHECK ("cases"."s479_status" in ('not-applicable', 'barred', 'counting'));--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_counts_nonnegative" CHECK ("cases"."other_pending_cases" >= 0 and "cases"."delay_by_accused_days" >= 0);--> statement-breakpoint
CREATE INDEX "cases_s479_eligible_on_idx" ON "cases" USING btree ("s479_eligible_on","family_member_id") WHERE "cases"."s479_eligible_on" is not null;--> statement-breakpoint
CREATE INDEX "cases_maximum_ends_on_idx" ON "cases" USING btree ("maximum_ends_on","family_member_id") WHERE "cases"."maximum_ends_on" is not null;--> statement-breakpoint
CREATE INDEX "cases_default_bail_due_idx" ON "cases" USING btree ("default_bail_eligible_on","chargesheet_filed_on","family_member_id") WHERE "cases"."default_bail_eligible_on" is not null;--> statement-breakpoint
CREATE TABLE "case_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"details" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_events_kind_valid" CHECK ("case_events"."kind" in ('facts_changed', 'application_printed'))
);--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_events_case_idx" ON "case_events" USING btree ("case_id","at");
