ALTER TABLE "cases" ADD COLUMN "charges_framed_on" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "charges_framed" jsonb DEFAULT '[]'::jsonb NOT NULL;