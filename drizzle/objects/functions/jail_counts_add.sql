-- Adds deltas to jail_counts; keys in order (no deadlocks), spread over 8 shards per key so concurrent
-- writers seldom wait on one row. Readers sum the shards.
CREATE OR REPLACE FUNCTION jail_counts_add(keys text[], deltas bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO jail_counts AS c ("key", "shard", "n")
  SELECT u.k, (pg_backend_pid() % 8)::smallint, sum(u.d)
  FROM unnest(keys, deltas) AS u(k, d)
  GROUP BY u.k HAVING sum(u.d) <> 0 ORDER BY u.k
  ON CONFLICT ("key", "shard") DO UPDATE SET "n" = c."n" + excluded."n"
$$;
