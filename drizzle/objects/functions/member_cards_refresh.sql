CREATE OR REPLACE FUNCTION member_cards_refresh(ids uuid[], jail boolean DEFAULT true, client boolean DEFAULT true) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  -- NO KEY UPDATE: what an update of the row takes anyway; it does not wait for the key-share locks of
  -- inserts that merely reference the member (a case, a paper), so it adds no deadlock.
  PERFORM 1 FROM "family_members" WHERE "user_id" = ANY(ids) ORDER BY "user_id" FOR NO KEY UPDATE;
  IF jail THEN
    INSERT INTO "jail_cards" ("member_id", "card")
    SELECT m."user_id", member_card(m) FROM "family_members" m WHERE m."user_id" = ANY(ids)
    ON CONFLICT ("member_id") DO UPDATE SET "card" = excluded."card"
    WHERE "jail_cards"."card" IS DISTINCT FROM excluded."card";
  END IF;
  IF client THEN
    INSERT INTO "client_cards" ("family_member_id", "card")
    SELECT m."user_id", member_client_card(m) FROM "family_members" m WHERE m."user_id" = ANY(ids)
    ON CONFLICT ("family_member_id") DO UPDATE SET "card" = excluded."card"
    WHERE "client_cards"."card" IS DISTINCT FROM excluded."card";
  END IF;
END $$;
