CREATE OR REPLACE FUNCTION prison_counts_upd_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "prison_counts" ("prison_id", "status", "shard", "n")
  SELECT r."prison_id", r."status", r.shard, sum(r.d) FROM (
    SELECT n."prison_id", n."status", (abs(hashtext(n."id"::text)) % 8)::smallint AS shard, 1 AS d FROM new_rows n WHERE n."prison_id" IS NOT NULL
    UNION ALL
    SELECT o."prison_id", o."status", (abs(hashtext(o."id"::text)) % 8)::smallint, -1 FROM old_rows o WHERE o."prison_id" IS NOT NULL
  ) r GROUP BY 1, 2, 3 HAVING sum(r.d) <> 0
  ON CONFLICT ("prison_id", "status", "shard") DO UPDATE SET "n" = "prison_counts"."n" + excluded."n";
  RETURN NULL;
END $$;
