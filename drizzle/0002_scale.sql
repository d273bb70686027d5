-- Issue 10: the jail authority's lists and counts cost the same at 100,000 family members as at 10.
-- Each family member carries the facts its filters need (stored columns, kept exact by statement-level
-- triggers in the same transaction as every change), the dashboard's counts and charts live in
-- jail_counts (maintained the same way), and search is a prefix search through btree indexes.
-- See docs/decisions/0009-jail-dashboard-at-scale.md. Adding a filter = one stored column + one
-- partial index + one line in family_member_count_keys (and one entry in jail.queries.ts).
ALTER TABLE "family_members" ADD COLUMN "name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "email" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "accepted_lawyers" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "pending_lawyers" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "bail_papers" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "has_ngo" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "bail_accepted" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "no_lawyer" boolean GENERATED ALWAYS AS ("accepted_lawyers" = 0) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "bail_waiting" boolean GENERATED ALWAYS AS (NOT "bail_accepted" AND "bail_papers" > 0) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "stage" text GENERATED ALWAYS AS (CASE
  WHEN "bail_accepted" THEN 'bail-accepted'
  WHEN "bail_papers" > 0 THEN 'bail-paper-waiting'
  WHEN "accepted_lawyers" > 0 THEN 'lawyer-assigned'
  WHEN "pending_lawyers" > 0 THEN 'lawyer-requested'
  ELSE 'registered' END) STORED NOT NULL;
--> statement-breakpoint
CREATE TABLE "member_case_types" (
  "family_member_id" uuid NOT NULL REFERENCES "family_members"("user_id") ON DELETE CASCADE,
  "case_type" text NOT NULL,
  "cases" integer NOT NULL,
  CONSTRAINT "member_case_types_pk" PRIMARY KEY ("family_member_id", "case_type")
);
--> statement-breakpoint
CREATE TABLE "jail_counts" (
  "key" text NOT NULL,
  "shard" smallint NOT NULL,
  "n" bigint NOT NULL,
  CONSTRAINT "jail_counts_pk" PRIMARY KEY ("key", "shard")
);
--> statement-breakpoint
-- The list's order, and one partial index per filter in the same order: a page (first, deep or last,
-- by keyset) reads its 25-50 rows from the index and stops.
CREATE INDEX "family_members_name_idx" ON "family_members" ("name", "user_id");
--> statement-breakpoint
CREATE INDEX "family_members_no_lawyer_idx" ON "family_members" ("name", "user_id") WHERE "no_lawyer";
--> statement-breakpoint
CREATE INDEX "family_members_no_ngo_idx" ON "family_members" ("name", "user_id") WHERE NOT "has_ngo";
--> statement-breakpoint
CREATE INDEX "family_members_bail_waiting_idx" ON "family_members" ("name", "user_id") WHERE "bail_waiting";
--> statement-breakpoint
CREATE INDEX "family_members_bail_accepted_idx" ON "family_members" ("name", "user_id") WHERE "bail_accepted";
--> statement-breakpoint
-- Search: what the name, email, phone or case id starts with, case-insensitively (byte order, so a
-- prefix is one index range whatever the collation).
CREATE INDEX "family_members_name_prefix_idx" ON "family_members" (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "family_members_email_prefix_idx" ON "family_members" ("email" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "family_members_phone_prefix_idx" ON "family_members" ("phone" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "cases_case_number_prefix_idx" ON "cases" (lower("case_number") text_pattern_ops);
--> statement-breakpoint
-- Which counters a family member adds 1 to. The dashboard's tiles and stage chart read them.
-- Takes the row as jsonb so a column added later needs only a new line here.
CREATE FUNCTION family_member_count_keys(m jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[
    'all',
    CASE WHEN (m->>'no_lawyer')::boolean THEN 'no-lawyer' END,
    CASE WHEN NOT (m->>'has_ngo')::boolean THEN 'no-ngo' END,
    CASE WHEN (m->>'bail_waiting')::boolean THEN 'bail-waiting' END,
    CASE WHEN (m->>'bail_accepted')::boolean THEN 'bail-accepted' END,
    'stage:' || (m->>'stage')
  ], NULL)
$$;
--> statement-breakpoint
-- Adds deltas to jail_counts; keys in order (no deadlocks), spread over 8 shards per key so concurrent
-- writers seldom wait on one row. Readers sum the shards.
CREATE FUNCTION jail_counts_add(keys text[], deltas bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO jail_counts AS c ("key", "shard", "n")
  SELECT u.k, (pg_backend_pid() % 8)::smallint, sum(u.d)
  FROM unnest(keys, deltas) AS u(k, d)
  GROUP BY u.k HAVING sum(u.d) <> 0 ORDER BY u.k
  ON CONFLICT ("key", "shard") DO UPDATE SET "n" = c."n" + excluded."n"
$$;
--> statement-breakpoint
-- The rows a statement changed, signed: +1 for new rows, -1 for old ones (transition tables).
CREATE FUNCTION jail_transition_rows(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT 1 AS s, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS s, * FROM old_rows'
    ELSE 'SELECT 1 AS s, * FROM new_rows UNION ALL SELECT -1 AS s, * FROM old_rows' END
$$;
--> statement-breakpoint
CREATE FUNCTION family_members_counts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ks text[]; ds bigint[];
BEGIN
  EXECUTE format(
    'SELECT coalesce(array_agg(k), ''{}''), coalesce(array_agg(d), ''{}'') FROM (
       SELECT k, sum(r.s)::bigint AS d FROM (%s) r, unnest(family_member_count_keys(to_jsonb(r))) AS k
       GROUP BY k) x', jail_transition_rows(TG_OP)) INTO ks, ds;
  PERFORM jail_counts_add(ks, ds);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER family_members_counts_ins AFTER INSERT ON family_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION family_members_counts_trg();
--> statement-breakpoint
CREATE TRIGGER family_members_counts_upd AFTER UPDATE ON family_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION family_members_counts_trg();
--> statement-breakpoint
CREATE TRIGGER family_members_counts_del AFTER DELETE ON family_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION family_members_counts_trg();
--> statement-breakpoint
-- Name and email are copied from users so the list sorts, filters and searches one table.
CREATE FUNCTION family_members_copy_user_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.name, u.email INTO NEW.name, NEW.email FROM users u WHERE u.id = NEW.user_id;
  NEW.name := coalesce(NEW.name, '');
  NEW.email := coalesce(NEW.email, '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER family_members_copy_user BEFORE INSERT OR UPDATE OF user_id, name, email ON family_members FOR EACH ROW EXECUTE FUNCTION family_members_copy_user_trg();
--> statement-breakpoint
CREATE FUNCTION users_to_family_members_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE family_members SET name = NEW.name, email = NEW.email WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_to_family_members AFTER UPDATE OF name, email ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION users_to_family_members_trg();
--> statement-breakpoint
-- Child tables add their signed deltas to the member's columns (col = col + delta stays exact under
-- concurrency: the update re-reads the latest row version).
CREATE FUNCTION lawyer_requests_facts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE family_members fm SET accepted_lawyers = fm.accepted_lawyers + d.acc, pending_lawyers = fm.pending_lawyers + d.pen
     FROM (SELECT r.family_member_id, sum(r.s * (r.status = ''accepted'')::int) AS acc, sum(r.s * (r.status = ''pending'')::int) AS pen
           FROM (%s) r GROUP BY r.family_member_id ORDER BY r.family_member_id) d
     WHERE fm.user_id = d.family_member_id AND (d.acc <> 0 OR d.pen <> 0)', jail_transition_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lawyer_requests_facts_ins AFTER INSERT ON lawyer_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_requests_facts_trg();
--> statement-breakpoint
CREATE TRIGGER lawyer_requests_facts_upd AFTER UPDATE ON lawyer_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_requests_facts_trg();
--> statement-breakpoint
CREATE TRIGGER lawyer_requests_facts_del AFTER DELETE ON lawyer_requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lawyer_requests_facts_trg();
--> statement-breakpoint
CREATE FUNCTION documents_facts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE family_members fm SET bail_papers = fm.bail_papers + d.n
     FROM (SELECT r.family_member_id, sum(r.s * (r.kind = ''bail_paper'')::int) AS n
           FROM (%s) r GROUP BY r.family_member_id ORDER BY r.family_member_id) d
     WHERE fm.user_id = d.family_member_id AND d.n <> 0', jail_transition_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_facts_ins AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_facts_trg();
--> statement-breakpoint
CREATE TRIGGER documents_facts_upd AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_facts_trg();
--> statement-breakpoint
CREATE TRIGGER documents_facts_del AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_facts_trg();
--> statement-breakpoint
-- One row per member at most (primary key), so the flag is simply whether the row exists.
CREATE FUNCTION member_flag_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE family_members fm SET %I = d.n > 0
     FROM (SELECT r.family_member_id, sum(r.s) AS n FROM (%s) r GROUP BY r.family_member_id ORDER BY r.family_member_id) d
     WHERE fm.user_id = d.family_member_id AND d.n <> 0', TG_ARGV[0], jail_transition_rows(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ngo_assignments_facts_ins AFTER INSERT ON ngo_assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_flag_trg('has_ngo');
--> statement-breakpoint
CREATE TRIGGER ngo_assignments_facts_upd AFTER UPDATE ON ngo_assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_flag_trg('has_ngo');
--> statement-breakpoint
CREATE TRIGGER ngo_assignments_facts_del AFTER DELETE ON ngo_assignments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_flag_trg('has_ngo');
--> statement-breakpoint
CREATE TRIGGER bail_reviews_facts_ins AFTER INSERT ON bail_reviews REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_flag_trg('bail_accepted');
--> statement-breakpoint
CREATE TRIGGER bail_reviews_facts_upd AFTER UPDATE ON bail_reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_flag_trg('bail_accepted');
--> statement-breakpoint
CREATE TRIGGER bail_reviews_facts_del AFTER DELETE ON bail_reviews REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_flag_trg('bail_accepted');
--> statement-breakpoint
-- Cases per member and type; the chart counts members with at least one case of a type.
CREATE FUNCTION cases_facts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas text := format(
  'SELECT r.family_member_id, r.case_type, sum(r.s) AS n FROM (%s) r GROUP BY 1, 2 HAVING sum(r.s) <> 0 ORDER BY 1, 2',
  jail_transition_rows(TG_OP));
BEGIN
  EXECUTE format(
    'UPDATE member_case_types t SET cases = t.cases + d.n FROM (%s) d
     WHERE d.n < 0 AND t.family_member_id = d.family_member_id AND t.case_type = d.case_type', deltas);
  EXECUTE format(
    'INSERT INTO member_case_types AS t (family_member_id, case_type, cases) SELECT d.family_member_id, d.case_type, d.n FROM (%s) d WHERE d.n > 0
     ON CONFLICT (family_member_id, case_type) DO UPDATE SET cases = t.cases + excluded.cases', deltas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_facts_ins AFTER INSERT ON cases REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cases_facts_trg();
--> statement-breakpoint
CREATE TRIGGER cases_facts_upd AFTER UPDATE ON cases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cases_facts_trg();
--> statement-breakpoint
CREATE TRIGGER cases_facts_del AFTER DELETE ON cases REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cases_facts_trg();
--> statement-breakpoint
CREATE FUNCTION member_case_types_counts_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ks text[]; ds bigint[];
BEGIN
  EXECUTE format(
    'SELECT coalesce(array_agg(k), ''{}''), coalesce(array_agg(d), ''{}'') FROM (
       SELECT ''type:'' || r.case_type AS k, sum(r.s * (r.cases > 0)::int)::bigint AS d FROM (%s) r GROUP BY 1) x',
    jail_transition_rows(TG_OP)) INTO ks, ds;
  PERFORM jail_counts_add(ks, ds);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_case_types_counts_ins AFTER INSERT ON member_case_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_case_types_counts_trg();
--> statement-breakpoint
CREATE TRIGGER member_case_types_counts_upd AFTER UPDATE ON member_case_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_case_types_counts_trg();
--> statement-breakpoint
CREATE TRIGGER member_case_types_counts_del AFTER DELETE ON member_case_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_case_types_counts_trg();
--> statement-breakpoint
-- Existing data: fill the columns and counters once (the triggers keep them from here on).
UPDATE "family_members" fm SET
  "name" = u."name", "email" = u."email",
  "accepted_lawyers" = (SELECT count(*) FROM "lawyer_requests" r WHERE r."family_member_id" = fm."user_id" AND r."status" = 'accepted'),
  "pending_lawyers" = (SELECT count(*) FROM "lawyer_requests" r WHERE r."family_member_id" = fm."user_id" AND r."status" = 'pending'),
  "bail_papers" = (SELECT count(*) FROM "documents" d WHERE d."family_member_id" = fm."user_id" AND d."kind" = 'bail_paper'),
  "has_ngo" = EXISTS (SELECT 1 FROM "ngo_assignments" a WHERE a."family_member_id" = fm."user_id"),
  "bail_accepted" = EXISTS (SELECT 1 FROM "bail_reviews" b WHERE b."family_member_id" = fm."user_id")
FROM "users" u WHERE u."id" = fm."user_id";
--> statement-breakpoint
DELETE FROM "jail_counts";
--> statement-breakpoint
INSERT INTO "jail_counts" ("key", "shard", "n")
  SELECT k, 0, count(*) FROM "family_members" fm, unnest(family_member_count_keys(to_jsonb(fm))) AS k GROUP BY k;
--> statement-breakpoint
INSERT INTO "member_case_types" ("family_member_id", "case_type", "cases")
  SELECT "family_member_id", "case_type", count(*) FROM "cases" GROUP BY 1, 2;
