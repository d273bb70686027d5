-- drizzle-kit's snapshot of src/server/db/schema.ts as of this migration (drizzle/meta/0029_snapshot.json).
-- Migrations 0024-0028 wrote that schema by hand (the second factor, keyset pages, prisons, prisoners,
-- district renames); this one changes nothing. Checked: every statement drizzle-kit generated for it
-- already held in a database migrated to 0028 (docs/decisions/0040-migrations-that-tell-the-truth.md).
SELECT 1;
