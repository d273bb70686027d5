ALTER TABLE "prisoners" ADD COLUMN "consent_basis" text;--> statement-breakpoint
ALTER TABLE "prisoners" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prisoners" ADD COLUMN "consent_by" uuid;--> statement-breakpoint
ALTER TABLE "prisoners" ADD COLUMN "consent_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prisoners" ADD COLUMN "consent_withdrawn_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notice_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notice_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notice_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prisoners" ADD CONSTRAINT "prisoners_consent_by_users_id_fk" FOREIGN KEY ("consent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prisoners" ADD CONSTRAINT "prisoners_consent_withdrawn_by_users_id_fk" FOREIGN KEY ("consent_withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_parent_token_unique" ON "users" USING btree ("parent_token_hash") WHERE "users"."parent_token_hash" is not null;--> statement-breakpoint
ALTER TABLE "prisoners" ADD CONSTRAINT "prisoners_consent_basis_valid" CHECK ("prisoners"."consent_basis" is null or "prisoners"."consent_basis" in ('visit', 'lawyer', 'paralegal', 'legal-right'));