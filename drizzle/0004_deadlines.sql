ALTER TABLE "cases" ADD COLUMN IF NOT EXISTS "prison" text;
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "bail_granted_on" date;
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "released_on" date;
--> statement-breakpoint
CREATE INDEX "cases_bailed_not_released_idx" ON "cases" USING btree ("bail_granted_on") WHERE "cases"."bail_granted_on" is not null and "cases"."released_on" is null;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_reminders" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE INDEX "lawyer_requests_pending_created_idx" ON "lawyer_requests" USING btree ("created_at") WHERE "lawyer_requests"."status" = 'pending';
--> statement-breakpoint
CREATE TABLE "prisons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"district" text NOT NULL,
	"dlsa_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "prisons_name_unique" ON "prisons" USING btree (lower("name"));
--> statement-breakpoint
CREATE TABLE "hearings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"hearing_on" date NOT NULL,
	"court" text NOT NULL,
	"purpose" text NOT NULL,
	"outcome" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hearings" ADD CONSTRAINT "hearings_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "hearings" ADD CONSTRAINT "hearings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "hearings_case_idx" ON "hearings" USING btree ("case_id","hearing_on");
--> statement-breakpoint
CREATE INDEX "hearings_on_idx" ON "hearings" USING btree ("hearing_on");
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;
--> statement-breakpoint
CREATE TABLE "deadline_events" (
	"key" text PRIMARY KEY NOT NULL,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL
);
