-- drizzle-kit's snapshot of src/server/db/schema.ts as of this migration (drizzle/meta/0023_snapshot.json).
-- The schema it describes was written by migrations 0000-0022 by hand; this one changes nothing.
-- From here on `npx drizzle-kit generate` writes only what schema.ts changes (docs/decisions/0040-migrations-that-tell-the-truth.md).
SELECT 1;
