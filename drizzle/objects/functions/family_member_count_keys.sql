-- PL/pgSQL, not SQL: a SQL function called from a statement is parsed and planned again on every
-- statement that calls it (each trigger's), which cost a write more than the rest of its triggers; a
-- PL/pgSQL function keeps its plan for the connection (docs/decisions/0064-trigger-functions-keep-their-plans.md).
-- The counters a member counts in: the whole deployment's keys, and the same keys again for the member's
-- prison as 'p:<prison id>:<key>' (jail_counts_add files them under the prison's scope).
CREATE OR REPLACE FUNCTION family_member_count_keys(m jsonb) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (SELECT CASE WHEN m->>'prison_id' IS NULL THEN x.base
    ELSE x.base || ARRAY(SELECT 'p:' || (m->>'prison_id') || ':' || b FROM unnest(x.base) AS b) END
  FROM (SELECT array_remove(ARRAY[
    'all',
    CASE WHEN (m->>'no_lawyer')::boolean THEN 'no-lawyer' END,
    CASE WHEN NOT (m->>'has_ngo')::boolean THEN 'no-ngo' END,
    CASE WHEN (m->>'bail_waiting')::boolean THEN 'bail-waiting' END,
    CASE WHEN (m->>'bail_accepted')::boolean THEN 'bail-accepted' END,
    'stage:' || (m->>'stage'),
    CASE WHEN (m->>'release_eligible_now')::boolean THEN 'eligible-now' END,
    CASE WHEN (m->>'release_eligible_soon')::boolean THEN 'eligible-30-days' END,
    CASE WHEN (m->>'release_default_bail_due')::boolean THEN 'default-bail-due' END,
    CASE WHEN (m->>'release_past_maximum')::boolean THEN 'past-maximum' END
  ], NULL) AS base) x);
END $$;
