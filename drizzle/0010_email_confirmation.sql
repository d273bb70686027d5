-- Sign-up opens no session: an account is opened by a link emailed to its address
-- (docs/decisions/0018-signup-confirm-by-email-link.md). Every account that exists already, and every
-- account made other than by sign-up (demo data, test factories), counts as confirmed: only sign-up
-- writes NULL here.
ALTER TABLE "users" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now();
--> statement-breakpoint
UPDATE "users" SET "confirmed_at" = "created_at";
--> statement-breakpoint
-- One table of emailed single-use links, hashed at rest: a password reset or an email confirmation.
-- A link of one purpose never does the other's job.
ALTER TABLE "password_resets" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_purpose_valid" CHECK ("purpose" in ('reset', 'confirm'));
