-- Each case stores whether every offence it is counted under is bailable (S.478) and its prisoner's prison, so
-- the UTRC list and the DLSA's bail desk read one index range per prison of the district
-- (docs/decisions/0060-bailability-stored-per-case.md). Existing rows get both from a data move (migrate.ts).
ALTER TABLE "cases" ADD COLUMN "all_bailable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "prison_id" uuid;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_prison_id_prisons_id_fk" FOREIGN KEY ("prison_id") REFERENCES "public"."prisons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cases_prison_bailed_idx" ON "cases" USING btree ("prison_id","bail_granted_on","id") WHERE "cases"."bail_granted_on" is not null and "cases"."released_on" is null;--> statement-breakpoint
CREATE INDEX "cases_bailable_custody_idx" ON "cases" USING btree ("prison_id","custody_since") WHERE "cases"."all_bailable" and "cases"."released_on" is null and "cases"."custody_since" is not null;
