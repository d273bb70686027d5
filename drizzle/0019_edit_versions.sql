-- Issue 25: edits of legal facts carry the version their form was loaded at. A save names that
-- version and the UPDATE bumps it only `where version = $expected`; a stale save (someone else saved
-- since) changes nothing and is answered 409 `stale_edit` with the current values. `facts_version`
-- counts changes of a case's facts alone (bail dates and the case number keep their own forms);
-- hearings count every change of the row. NGOs have had `version` since 0001. Triggers on these tables
-- (0006, 0009) name their columns, so the new ones change no stored card.
ALTER TABLE "cases" ADD COLUMN "facts_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hearings" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;
