-- The jail card moves from a column of family_members to a table of its own
-- (docs/decisions/0070-jail-cards-table.md): every counter or flag a write moves on the member's row
-- (a lawyer requested, accepted, an NGO assigned, a release date reached) copied the whole row with its
-- card, about a kilobyte, into the new row version and the write-ahead log. The cards as stored move with
-- it; the functions that write them are re-applied after this (drizzle/objects).
CREATE TABLE "jail_cards" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"card" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jail_cards" ADD CONSTRAINT "jail_cards_member_id_family_members_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."family_members"("user_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Room on each page for a rewritten card, so a rewrite stays on its page (docs/decisions/0063-family-members-fillfactor.md).
ALTER TABLE "jail_cards" SET (fillfactor = 70);
--> statement-breakpoint
INSERT INTO "jail_cards" ("member_id", "card") SELECT "user_id", "card" FROM "family_members";
--> statement-breakpoint
ALTER TABLE "family_members" DROP COLUMN "card";
