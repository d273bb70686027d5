-- The person in custody is a record of their own (docs/decisions/0046-prisoner-and-prisons.md):
-- family members follow a prisoner, cases belong to a prisoner. Every case of this schema moves over.

-- A name's search key (docs/decisions/0046-prisoner-and-prisons.md#search): its consonants in order, from
-- the name in Latin letters (any-ascii in shared/names.ts), so "रमेश" (rmes) and "Ramesh" meet at "rms".
-- The query's key is made by the same function.
CREATE FUNCTION prisoner_name_key(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    translate(lower(coalesce(t, '')), 'gqzw', 'kkjv'),
    '[^a-z ]', '', 'g'),            -- letters and spaces only
    '([^ aeiouy])h', '\1', 'g'),    -- aspirates and sh: kh -> k, sh -> s
    '(^| )[aeiouy]+', '\1a', 'g'),  -- a word's first vowels: a
    '([a-z])[aeiouy]+', '\1', 'g'), -- other vowels go
    '([a-z])\1+|( ) +', '\1\2', 'g'))  -- doubled letters and spaces once
$$;
--> statement-breakpoint
CREATE TABLE "prisoners" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "name" text NOT NULL,
  "name_latin" text DEFAULT '' NOT NULL,
  "name_key" text GENERATED ALWAYS AS (prisoner_name_key("name_latin")) STORED NOT NULL,
  "relative_name" text DEFAULT '' NOT NULL,
  "gender" text DEFAULT 'not-given' NOT NULL,
  "birth_year" integer,
  "prison_id" uuid,
  "prison_other" text,
  "prisoner_number" text,
  "custody_since" date,
  "status" text DEFAULT 'in-custody' NOT NULL,
  "other_cases_elsewhere" integer DEFAULT 0 NOT NULL,
  "created_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "prisoners_gender_valid" CHECK ("gender" in ('male', 'female', 'transgender', 'not-given')),
  CONSTRAINT "prisoners_status_valid" CHECK ("status" in ('in-custody', 'bailed-not-released', 'released', 'transferred')),
  CONSTRAINT "prisoners_birth_year_valid" CHECK ("birth_year" is null or "birth_year" between 1900 and 2100),
  CONSTRAINT "prisoners_other_cases_nonnegative" CHECK ("other_cases_elsewhere" >= 0)
);
--> statement-breakpoint
ALTER TABLE "prisoners" ADD CONSTRAINT "prisoners_prison_id_prisons_id_fk" FOREIGN KEY ("prison_id") REFERENCES "public"."prisons"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prisoners" ADD CONSTRAINT "prisoners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- A prison's prisoners by name key (the clerk's search) and by number; the free-text prisons to match.
CREATE INDEX "prisoners_prison_name_key_idx" ON "prisoners" ("prison_id", "name_key" text_pattern_ops, "id");
--> statement-breakpoint
CREATE INDEX "prisoners_prison_number_idx" ON "prisoners" ("prison_id", lower("prisoner_number") text_pattern_ops) WHERE "prisoner_number" is not null;
--> statement-breakpoint
CREATE INDEX "prisoners_prison_other_idx" ON "prisoners" (lower("prison_other")) WHERE "prison_id" is null and "prison_other" is not null;
--> statement-breakpoint
CREATE TABLE "prisoner_followers" (
  "prisoner_id" uuid NOT NULL,
  "family_member_id" uuid NOT NULL,
  "relation" text DEFAULT '' NOT NULL,
  "joined_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "prisoner_followers_pk" PRIMARY KEY ("prisoner_id", "family_member_id")
);
--> statement-breakpoint
ALTER TABLE "prisoner_followers" ADD CONSTRAINT "prisoner_followers_prisoner_id_prisoners_id_fk" FOREIGN KEY ("prisoner_id") REFERENCES "public"."prisoners"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prisoner_followers" ADD CONSTRAINT "prisoner_followers_family_member_id_family_members_user_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("user_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "prisoner_followers_member_idx" ON "prisoner_followers" ("family_member_id", "prisoner_id");
--> statement-breakpoint
-- A relative invites another: the sha256 of a short code, good once until it expires.
CREATE TABLE "prisoner_invitations" (
  "id" text PRIMARY KEY NOT NULL,
  "prisoner_id" uuid NOT NULL,
  "invited_by" uuid,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prisoner_invitations" ADD CONSTRAINT "prisoner_invitations_prisoner_id_prisoners_id_fk" FOREIGN KEY ("prisoner_id") REFERENCES "public"."prisoners"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prisoner_invitations" ADD CONSTRAINT "prisoner_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "prisoner_invitations_prisoner_idx" ON "prisoner_invitations" ("prisoner_id");
--> statement-breakpoint
-- Moves between prisons, kept: the old jail no longer sees the prisoner, the history stays.
CREATE TABLE "prisoner_transfers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "prisoner_id" uuid NOT NULL,
  "from_prison_id" uuid,
  "to_prison_id" uuid,
  "actor_id" uuid,
  "at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prisoner_transfers" ADD CONSTRAINT "prisoner_transfers_prisoner_id_prisoners_id_fk" FOREIGN KEY ("prisoner_id") REFERENCES "public"."prisoners"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prisoner_transfers" ADD CONSTRAINT "prisoner_transfers_from_prison_id_prisons_id_fk" FOREIGN KEY ("from_prison_id") REFERENCES "public"."prisons"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prisoner_transfers" ADD CONSTRAINT "prisoner_transfers_to_prison_id_prisons_id_fk" FOREIGN KEY ("to_prison_id") REFERENCES "public"."prisons"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "prisoner_transfers" ADD CONSTRAINT "prisoner_transfers_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "prisoner_transfers_prisoner_idx" ON "prisoner_transfers" ("prisoner_id", "at");
--> statement-breakpoint
-- A case belongs to a prisoner and may carry the FIR (number, police station, year) and the court's number.
ALTER TABLE "cases" ADD COLUMN "prisoner_id" uuid;
--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_prisoner_id_prisoners_id_fk" FOREIGN KEY ("prisoner_id") REFERENCES "public"."prisoners"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "fir_number" text;
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "police_station" text;
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "fir_year" integer;
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "court_case_number" text;
--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_fir_year_valid" CHECK ("fir_year" is null or "fir_year" between 1900 and 2100);
--> statement-breakpoint
CREATE INDEX "cases_prisoner_idx" ON "cases" ("prisoner_id") WHERE "prisoner_id" is not null;
--> statement-breakpoint
CREATE INDEX "cases_fir_number_idx" ON "cases" (lower("fir_number") text_pattern_ops) WHERE "fir_number" is not null;
--> statement-breakpoint
-- The move: one prisoner per member and distinct prisoner name (trimmed, any case; '' when not given),
-- with the facts of the member's earliest case of that name; prisons matched by name (any case),
-- the rest kept as typed in prison_other for the administrator to resolve.
CREATE TEMPORARY TABLE "prisoner_move" ON COMMIT DROP AS
  SELECT gen_random_uuid() AS "prisoner_id", g.* FROM (
    SELECT DISTINCT ON (c."family_member_id", lower(btrim(coalesce(c."prisoner_name", ''))))
      c."family_member_id", lower(btrim(coalesce(c."prisoner_name", ''))) AS "key",
      btrim(coalesce(c."prisoner_name", '')) AS "name", btrim(coalesce(c."prisoner_relation", '')) AS "relation",
      nullif(btrim(coalesce(c."prison", '')), '') AS "prison", c."custody_since", c."other_pending_cases", c."created_at"
    FROM "cases" c
    ORDER BY c."family_member_id", lower(btrim(coalesce(c."prisoner_name", ''))), c."created_at", c."id"
  ) g;
--> statement-breakpoint
INSERT INTO "prisoners" ("id", "name", "name_latin", "prison_id", "prison_other", "custody_since", "status", "other_cases_elsewhere", "created_by", "created_at")
  SELECT m."prisoner_id", m."name",
    -- Latin letters stay as typed; other scripts get their Latin form from the server's backfill (shared/names.ts).
    CASE WHEN m."name" ~ '^[ -~]*$' THEN m."name" ELSE '' END,
    p."id", CASE WHEN p."id" IS NULL THEN m."prison" END, m."custody_since",
    CASE WHEN EXISTS (SELECT 1 FROM "cases" c WHERE c."family_member_id" = m."family_member_id"
        AND lower(btrim(coalesce(c."prisoner_name", ''))) = m."key" AND c."released_on" IS NULL) THEN
      CASE WHEN EXISTS (SELECT 1 FROM "cases" c WHERE c."family_member_id" = m."family_member_id"
        AND lower(btrim(coalesce(c."prisoner_name", ''))) = m."key" AND c."released_on" IS NULL AND c."bail_granted_on" IS NULL)
      THEN 'in-custody' ELSE 'bailed-not-released' END
    ELSE 'released' END,
    m."other_pending_cases", m."family_member_id", m."created_at"
  FROM "prisoner_move" m LEFT JOIN "prisons" p ON lower(p."name") = lower(m."prison");
--> statement-breakpoint
INSERT INTO "prisoner_followers" ("prisoner_id", "family_member_id", "relation", "joined_at")
  SELECT m."prisoner_id", m."family_member_id", m."relation", m."created_at" FROM "prisoner_move" m;
--> statement-breakpoint
UPDATE "cases" c SET "prisoner_id" = m."prisoner_id" FROM "prisoner_move" m
  WHERE c."family_member_id" = m."family_member_id" AND lower(btrim(coalesce(c."prisoner_name", ''))) = m."key";
--> statement-breakpoint
-- Every case has its prisoner. A case inserted without one (older callers: the family's first screen
-- before it names the prisoner, test factories, the bench's seed) gets the member's prisoner of that
-- name, made on first use by the same rule as the move above.
CREATE FUNCTION cases_prisoner_default() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text := lower(btrim(coalesce(NEW."prisoner_name", ''))); pid uuid;
BEGIN
  IF NEW."prisoner_id" IS NOT NULL THEN RETURN NEW; END IF;
  SELECT f."prisoner_id" INTO pid FROM "prisoner_followers" f JOIN "prisoners" p ON p."id" = f."prisoner_id"
    WHERE f."family_member_id" = NEW."family_member_id" AND lower(btrim(p."name")) = k
    ORDER BY f."joined_at", f."prisoner_id" LIMIT 1;
  IF pid IS NULL THEN
    INSERT INTO "prisoners" ("name", "name_latin", "prison_id", "prison_other", "custody_since", "other_cases_elsewhere", "created_by")
    SELECT btrim(coalesce(NEW."prisoner_name", '')),
      CASE WHEN btrim(coalesce(NEW."prisoner_name", '')) ~ '^[ -~]*$' THEN btrim(coalesce(NEW."prisoner_name", '')) ELSE '' END,
      p."id", CASE WHEN p."id" IS NULL THEN nullif(btrim(coalesce(NEW."prison", '')), '') END,
      NEW."custody_since", NEW."other_pending_cases", NEW."family_member_id"
    FROM (SELECT 1) one LEFT JOIN "prisons" p ON lower(p."name") = lower(btrim(coalesce(NEW."prison", '')))
    RETURNING "id" INTO pid;
    INSERT INTO "prisoner_followers" ("prisoner_id", "family_member_id", "relation")
      VALUES (pid, NEW."family_member_id", btrim(coalesce(NEW."prisoner_relation", '')));
  END IF;
  NEW."prisoner_id" := pid;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_prisoner_default BEFORE INSERT ON "cases" FOR EACH ROW EXECUTE FUNCTION cases_prisoner_default();
--> statement-breakpoint
ALTER TABLE "cases" ALTER COLUMN "prisoner_id" SET NOT NULL;
--> statement-breakpoint
-- A prisoner nobody follows and with no case left is personal data with no purpose: it goes.
CREATE FUNCTION prisoners_unfollowed_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "prisoners" p WHERE p."id" IN (SELECT o."prisoner_id" FROM old_rows o)
    AND NOT EXISTS (SELECT 1 FROM "prisoner_followers" f WHERE f."prisoner_id" = p."id")
    AND NOT EXISTS (SELECT 1 FROM "cases" c WHERE c."prisoner_id" = p."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prisoner_followers_unfollowed AFTER DELETE ON "prisoner_followers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION prisoners_unfollowed_trg();
--> statement-breakpoint
-- Cases go with their member (cascade); then a prisoner left with no follower and no case goes too.
CREATE TRIGGER cases_prisoner_orphaned AFTER DELETE ON "cases" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION prisoners_unfollowed_trg();
--> statement-breakpoint
-- The administrator's counts per prison and status (derived: src/server/db/derived.ts 'prison-counts'),
-- spread over 8 shards so a prison's registrations seldom wait on each other: sum n.
CREATE TABLE "prison_counts" (
  "prison_id" uuid NOT NULL,
  "status" text NOT NULL,
  "shard" smallint NOT NULL,
  "n" bigint NOT NULL,
  CONSTRAINT "prison_counts_pk" PRIMARY KEY ("prison_id", "status", "shard")
);
--> statement-breakpoint
ALTER TABLE "prison_counts" ADD CONSTRAINT "prison_counts_prison_id_prisons_id_fk" FOREIGN KEY ("prison_id") REFERENCES "public"."prisons"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION prison_counts_ins_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "prison_counts" ("prison_id", "status", "shard", "n")
  SELECT n."prison_id", n."status", (abs(hashtext(n."id"::text)) % 8)::smallint, count(*) FROM new_rows n
  WHERE n."prison_id" IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT ("prison_id", "status", "shard") DO UPDATE SET "n" = "prison_counts"."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION prison_counts_del_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "prison_counts" ("prison_id", "status", "shard", "n")
  SELECT o."prison_id", o."status", (abs(hashtext(o."id"::text)) % 8)::smallint, -count(*) FROM old_rows o
  WHERE o."prison_id" IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT ("prison_id", "status", "shard") DO UPDATE SET "n" = "prison_counts"."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION prison_counts_upd_trg() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER prisoners_counts_ins AFTER INSERT ON "prisoners" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION prison_counts_ins_trg();
--> statement-breakpoint
CREATE TRIGGER prisoners_counts_upd AFTER UPDATE ON "prisoners" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION prison_counts_upd_trg();
--> statement-breakpoint
CREATE TRIGGER prisoners_counts_del AFTER DELETE ON "prisoners" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION prison_counts_del_trg();
--> statement-breakpoint
-- db:rebuild's repair for some prisons, in one statement's transaction: writers wait for the lock,
-- then add their deltas to the fresh counts.
CREATE FUNCTION prison_counts_rebuild(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "prison_counts" IN EXCLUSIVE MODE;
  DELETE FROM "prison_counts" WHERE "prison_id" = ANY(ids);
  INSERT INTO "prison_counts" ("prison_id", "status", "shard", "n")
    SELECT "prison_id", "status", 0, count(*) FROM "prisoners" WHERE "prison_id" = ANY(ids) GROUP BY 1, 2;
END $$;
--> statement-breakpoint
-- The counts of the prisoners moved over above.
INSERT INTO "prison_counts" ("prison_id", "status", "shard", "n")
  SELECT "prison_id", "status", 0, count(*) FROM "prisoners" WHERE "prison_id" IS NOT NULL GROUP BY 1, 2;
