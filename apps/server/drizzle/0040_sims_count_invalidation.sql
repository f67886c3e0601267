-- Capped SIM counts of a filter are kept by each API process (request-caches.ts, simCount): the
-- substring search "sensor" over a 300k-SIM company walks 30,000 index entries for its count (5 ms
-- of the request's 6). The statement triggers of migration 0021 now also tell every process, on
-- commit, which companies' SIMs changed in a way a count depends on: `sims:<company id>`.
-- An update that leaves the searched text, name, profile, block type and company alone (balances,
-- limits, packages) says nothing. Written by hand: drizzle declares no triggers.
CREATE OR REPLACE FUNCTION cabinet_sim_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sim_state_counts (company_id, block_type, n)
  SELECT company_id, block_type, count(*) FROM new_sims GROUP BY company_id, block_type;
  PERFORM pg_notify('cabinet_invalidate', 'sims:' || company_id) FROM (SELECT DISTINCT company_id FROM new_sims) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cabinet_sim_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (names, limits, balances) move no SIM between companies or block types: nothing to add.
  INSERT INTO sim_state_counts (company_id, block_type, n)
  SELECT company_id, block_type, sum(n) FROM (
    SELECT company_id, block_type, 1 AS n FROM new_sims
    UNION ALL
    SELECT company_id, block_type, -1 AS n FROM old_sims) moved
  GROUP BY company_id, block_type HAVING sum(n) <> 0;
  PERFORM pg_notify('cabinet_invalidate', 'sims:' || company_id) FROM (
    SELECT DISTINCT unnest(ARRAY[o.company_id, n.company_id]) AS company_id
    FROM new_sims n JOIN old_sims o ON o.id = n.id
    WHERE (n.search_text, n.name, n.profile, n.block_type, n.company_id)
          IS DISTINCT FROM (o.search_text, o.name, o.profile, o.block_type, o.company_id)) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cabinet_sim_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sim_state_counts (company_id, block_type, n)
  SELECT company_id, block_type, -count(*) FROM old_sims GROUP BY company_id, block_type;
  PERFORM pg_notify('cabinet_invalidate', 'sims:' || company_id) FROM (SELECT DISTINCT company_id FROM old_sims) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cabinet_sim_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sim_state_counts;
  PERFORM pg_notify('cabinet_invalidate', 'all');
  RETURN NULL;
END $$;
