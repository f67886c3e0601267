-- SIMs per company and block type for the home dashboard, kept by the database itself: counting a
-- 300k-SIM company's index on every visit cost 100–150 ms. Statement triggers append one delta row
-- per company and block type a statement changed (never an update of a shared counter row, so bulk
-- operations running side by side never wait on each other); the figure is the sum of a company's
-- rows, and compactSimStateCounts (dashboard/repository.ts) folds them from time to time.
-- Written by hand: drizzle declares neither the triggers nor this table (it is read with plain SQL).
CREATE TABLE IF NOT EXISTS "sim_state_counts" (
	"company_id" bigint NOT NULL,
	"block_type" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sim_state_counts_company_idx" ON "sim_state_counts" USING btree ("company_id","block_type");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cabinet_sim_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sim_state_counts (company_id, block_type, n)
  SELECT company_id, block_type, count(*) FROM new_sims GROUP BY company_id, block_type;
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cabinet_sim_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sim_state_counts (company_id, block_type, n)
  SELECT company_id, block_type, -count(*) FROM old_sims GROUP BY company_id, block_type;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cabinet_sim_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sim_state_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sims_counts_insert ON sims;
--> statement-breakpoint
CREATE TRIGGER sims_counts_insert AFTER INSERT ON sims REFERENCING NEW TABLE AS new_sims FOR EACH STATEMENT EXECUTE FUNCTION cabinet_sim_counts_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sims_counts_update ON sims;
--> statement-breakpoint
CREATE TRIGGER sims_counts_update AFTER UPDATE ON sims REFERENCING OLD TABLE AS old_sims NEW TABLE AS new_sims FOR EACH STATEMENT EXECUTE FUNCTION cabinet_sim_counts_update();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sims_counts_delete ON sims;
--> statement-breakpoint
CREATE TRIGGER sims_counts_delete AFTER DELETE ON sims REFERENCING OLD TABLE AS old_sims FOR EACH STATEMENT EXECUTE FUNCTION cabinet_sim_counts_delete();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sims_counts_truncate ON sims;
--> statement-breakpoint
CREATE TRIGGER sims_counts_truncate AFTER TRUNCATE ON sims FOR EACH STATEMENT EXECUTE FUNCTION cabinet_sim_counts_truncate();
--> statement-breakpoint
-- Re-runnable: the counts start again from the SIMs themselves.
DELETE FROM sim_state_counts;
--> statement-breakpoint
INSERT INTO sim_state_counts (company_id, block_type, n) SELECT company_id, block_type, count(*) FROM sims GROUP BY company_id, block_type;
