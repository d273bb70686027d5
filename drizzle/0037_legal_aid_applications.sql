-- Legal-aid applications (src/shared/legal-aid.ts): filed by a family with the DLSA of the prison's district,
-- decided within 7 days; a lawyer request accepted on an application's behalf names it; the DLSA's choice of
-- verified lawyers of its district.
CREATE TABLE "legal_aid_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prisoner_id" uuid NOT NULL,
	"family_member_id" uuid NOT NULL,
	"prison_id" uuid,
	"state" text NOT NULL,
	"district" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"lawyer_id" uuid,
	"refusal_reason" text,
	"escalated_at" timestamp with time zone,
	CONSTRAINT "legal_aid_applications_status_valid" CHECK ("legal_aid_applications"."status" in ('pending', 'accepted', 'refused')),
	CONSTRAINT "legal_aid_applications_decided" CHECK (("legal_aid_applications"."status" = 'pending') = ("legal_aid_applications"."decided_at" is null)),
	CONSTRAINT "legal_aid_applications_refusal_reason" CHECK ("legal_aid_applications"."status" <> 'refused' or "legal_aid_applications"."refusal_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "lawyer_requests" ADD COLUMN "legal_aid_application_id" uuid;--> statement-breakpoint
ALTER TABLE "legal_aid_applications" ADD CONSTRAINT "legal_aid_applications_prisoner_id_prisoners_id_fk" FOREIGN KEY ("prisoner_id") REFERENCES "public"."prisoners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_aid_applications" ADD CONSTRAINT "legal_aid_applications_family_member_id_family_members_user_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_aid_applications" ADD CONSTRAINT "legal_aid_applications_prison_id_prisons_id_fk" FOREIGN KEY ("prison_id") REFERENCES "public"."prisons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_aid_applications" ADD CONSTRAINT "legal_aid_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_aid_applications" ADD CONSTRAINT "legal_aid_applications_lawyer_id_lawyers_user_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."lawyers"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_aid_applications_one_pending" ON "legal_aid_applications" USING btree ("prisoner_id") WHERE "legal_aid_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "legal_aid_applications_inbox_idx" ON "legal_aid_applications" USING btree ("state","district","due_on","id") WHERE "legal_aid_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "legal_aid_applications_late_idx" ON "legal_aid_applications" USING btree ("due_on") WHERE "legal_aid_applications"."status" = 'pending' and "legal_aid_applications"."escalated_at" is null;--> statement-breakpoint
CREATE INDEX "legal_aid_applications_prisoner_idx" ON "legal_aid_applications" USING btree ("prisoner_id","filed_at","id");--> statement-breakpoint
CREATE INDEX "legal_aid_applications_member_idx" ON "legal_aid_applications" USING btree ("family_member_id");--> statement-breakpoint
ALTER TABLE "lawyer_requests" ADD CONSTRAINT "lawyer_requests_legal_aid_application_id_legal_aid_applications_id_fk" FOREIGN KEY ("legal_aid_application_id") REFERENCES "public"."legal_aid_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lawyers_verified_place_idx" ON "lawyers" USING btree ("state","district","name","user_id") WHERE "lawyers"."verified_at" is not null;