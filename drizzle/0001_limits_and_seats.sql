ALTER TABLE "ngos" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");
--> statement-breakpoint
CREATE TABLE "upload_usage" (
	"scope" text PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "upload_usage_bytes_nonnegative" CHECK ("upload_usage"."bytes" >= 0)
);
--> statement-breakpoint
INSERT INTO "upload_usage" ("scope", "bytes") SELECT 'deployment', coalesce(sum("size"), 0) FROM "documents";
--> statement-breakpoint
INSERT INTO "upload_usage" ("scope", "bytes") SELECT 'user:' || "uploaded_by"::text, sum("size") FROM "documents" WHERE "uploaded_by" IS NOT NULL GROUP BY "uploaded_by";
