-- The change-capture triggers no longer build their statements as text: each has one static statement
-- per operation (docs/decisions/0066-change-capture-without-dynamic-sql.md), so the helper that wrote
-- the signed rows' SELECT for them goes.
DROP FUNCTION IF EXISTS jail_transition_rows(text);
