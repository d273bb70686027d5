-- PL/pgSQL, not SQL: a SQL function called from a statement is parsed and planned again on every
-- statement that calls it (each trigger's), which cost a write more than the rest of its triggers; a
-- PL/pgSQL function keeps its plan for the connection (docs/decisions/0064-trigger-functions-keep-their-plans.md).
-- Adds deltas to jail_counts; keys in order (no deadlocks), spread over 16 shards per key so concurrent
-- writers seldom wait on one row: the shard is the connection's own (rihaai.count_shard, which the
-- server's pool gives each of its connections in turn, so no two of them share one), else its process
-- id's (docs/decisions/0066-change-capture-without-dynamic-sql.md). Readers sum the shards. A key
-- 'p:<prison id>:<key>' counts for that prison (scope); any other for the whole deployment (the zero uuid).
CREATE OR REPLACE FUNCTION jail_counts_add(keys text[], deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jail_counts AS c ("scope", "key", "shard", "n")
  SELECT CASE WHEN u.k LIKE 'p:%' THEN substr(u.k, 3, 36)::uuid ELSE '00000000-0000-0000-0000-000000000000'::uuid END,
    CASE WHEN u.k LIKE 'p:%' THEN substr(u.k, 40) ELSE u.k END,
    (coalesce(nullif(current_setting('rihaai.count_shard', true), '')::int, pg_backend_pid()) % 16)::smallint, sum(u.d)
  FROM unnest(keys, deltas) AS u(k, d)
  GROUP BY u.k HAVING sum(u.d) <> 0 ORDER BY u.k
  ON CONFLICT ("scope", "key", "shard") DO UPDATE SET "n" = c."n" + excluded."n";
END $$;
