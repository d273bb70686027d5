CREATE OR REPLACE FUNCTION prison_counts_ins_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "prison_counts" ("prison_id", "status", "shard", "n")
  SELECT n."prison_id", n."status", (abs(hashtext(n."id"::text)) % 8)::smallint, count(*) FROM new_rows n
  WHERE n."prison_id" IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT ("prison_id", "status", "shard") DO UPDATE SET "n" = "prison_counts"."n" + excluded."n";
  RETURN NULL;
END $$;
