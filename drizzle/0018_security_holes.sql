-- The security probe's holes (docs/decisions/0033-security-probe-fixes.md).
-- Defect 2: an unconfirmed sign-up never decides the account its owner opens. A confirmation link
-- carries its own sign-up's choices, and the account opens with them only for the person who types
-- that sign-up's password (features/accounts). One account per inbox: Gmail ignores dots and a
-- +suffix, so a.b+x@gmail.com and ab@gmail.com are one address (email_canonical, kept by a trigger;
-- the same rule as shared/email.ts canonicalEmail). A legacy second account of one inbox keeps a null
-- canonical address and signs in by its exact address as before.
ALTER TABLE "password_resets" ADD COLUMN "signup" jsonb;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_canonical" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rihaai_canonical_email(address text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN split_part(lower(address), '@', 2) IN ('gmail.com', 'googlemail.com')
      THEN replace(split_part(split_part(lower(address), '@', 1), '+', 1), '.', '') || '@gmail.com'
    ELSE lower(address)
  END
$$;
--> statement-breakpoint
UPDATE "users" SET "email_canonical" = rihaai_canonical_email("email")
WHERE "id" IN (
  SELECT DISTINCT ON (rihaai_canonical_email("email")) "id" FROM "users"
  ORDER BY rihaai_canonical_email("email"), "confirmed_at" NULLS LAST, "created_at", "id"
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_canonical_unique" ON "users" USING btree ("email_canonical");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_email_canonical_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.email_canonical := rihaai_canonical_email(NEW.email);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_email_canonical_set BEFORE INSERT OR UPDATE OF "email" ON "users"
FOR EACH ROW EXECUTE FUNCTION users_email_canonical_set();
--> statement-breakpoint
-- Defect 8: sessions end after SESSION_IDLE_MINUTES without a request (plugins/auth.ts).
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- Defect 7: bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069)
-- reversed printed and emailed text. The server now removes them from every string it receives
-- (plugins/security.ts); these statements remove them from what was stored before.
UPDATE "users" SET "name" = regexp_replace("name", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "name" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "family_members" SET "name" = regexp_replace("name", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "name" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "family_members" SET "address" = regexp_replace("address", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "address" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "lawyers" SET "name" = regexp_replace("name", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "name" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "lawyers" SET "address" = regexp_replace("address", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "address" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "cases" SET "prisoner_name" = regexp_replace("prisoner_name", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "prisoner_name" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "cases" SET "prison" = regexp_replace("prison", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "prison" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "cases" SET "court" = regexp_replace("court", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "court" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "cases" SET "detail" = regexp_replace("detail", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "detail" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "cases" SET "case_number" = regexp_replace("case_number", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "case_number" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "hearings" SET "court" = regexp_replace("court", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "court" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "hearings" SET "purpose" = regexp_replace("purpose", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "purpose" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "hearings" SET "outcome" = regexp_replace("outcome", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "outcome" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "ngos" SET "name" = regexp_replace("name", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "name" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "ngos" SET "address" = regexp_replace("address", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "address" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "ngos" SET "contact_info" = regexp_replace("contact_info", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "contact_info" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "prisons" SET "name" = regexp_replace("name", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "name" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "prisons" SET "district" = regexp_replace("district", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "district" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "documents" SET "filename" = regexp_replace("filename", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "filename" ~ '[\u202a-\u202e\u2066-\u2069]';
--> statement-breakpoint
UPDATE "contact_messages" SET "name" = regexp_replace("name", '[\u202a-\u202e\u2066-\u2069]', '', 'g') WHERE "name" ~ '[\u202a-\u202e\u2066-\u2069]';
