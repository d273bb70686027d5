DROP INDEX "users_unconfirmed_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_unconfirmed_idx" ON "users" USING btree ("created_at") WHERE "users"."confirmed_at" is null and "users"."erased_at" is null;