CREATE OR REPLACE FUNCTION prison_counts_del_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "prison_counts" ("prison_id", "status", "shard", "n")
  SELECT o."prison_id", o."status", (abs(hashtext(o."id"::text)) % 8)::smallint, -count(*) FROM old_rows o
  WHERE o."prison_id" IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT ("prison_id", "status", "shard") DO UPDATE SET "n" = "prison_counts"."n" + excluded."n";
  RETURN NULL;
END $$;
