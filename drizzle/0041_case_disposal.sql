ALTER TABLE "cases" ADD COLUMN "disposed_on" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "disposal" text;--> statement-breakpoint
CREATE INDEX "cases_disposed_on_idx" ON "cases" USING btree ("disposed_on") WHERE "cases"."disposed_on" is not null;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_disposal_given" CHECK (("cases"."disposed_on" is null) = ("cases"."disposal" is null) and ("cases"."disposal" is null or "cases"."disposal" in ('acquitted', 'discharged', 'convicted', 'compounded', 'withdrawn', 'abated')));