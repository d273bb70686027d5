-- db:rebuild's repair for some prisons, in one statement's transaction: writers wait for the lock,
-- then add their deltas to the fresh counts.
CREATE OR REPLACE FUNCTION prison_counts_rebuild(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "prison_counts" IN EXCLUSIVE MODE;
  DELETE FROM "prison_counts" WHERE "prison_id" = ANY(ids);
  INSERT INTO "prison_counts" ("prison_id", "status", "shard", "n")
    SELECT "prison_id", "status", 0, count(*) FROM "prisoners" WHERE "prison_id" = ANY(ids) GROUP BY 1, 2;
END $$;
