-- Issue 26.2: raw usage (usage_sessions, usage_events, by month) and the SIM event log (sim_events,
-- by day) become time-partitioned tables managed by pg_partman, on PostgreSQL where pg_partman can be
-- installed. Elsewhere (PGlite, or a server without the package or the right) nothing changes here
-- and retention goes on deleting rows (README "Usage partitions").
--
-- In place, and a running cabinet survives it: each table is renamed to <table>_legacy and a
-- partitioned table takes its name, its columns, defaults, keys and indexes (the keys already hold
-- the time column: migration 0037). The old table, when it holds rows, is attached whole as the
-- partition of everything before the next month (day), after a CHECK constraint proved its range
-- (so attaching scans nothing), and pg_partman makes the partitions from then on. A process writing
-- meanwhile waits for the migration's lock and then finds the new table by its name. No row moves;
-- the legacy partition is dropped once all of it is past retention, and rows in it past retention
-- are deleted meanwhile.
CREATE FUNCTION cabinet_partition_by_time(parent text, control text, every text, premake int, keep interval) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  legacy text := parent || '_legacy';
  partman_schema text;
  unit text := CASE every WHEN 'monthly' THEN 'month' ELSE 'day' END;
  boundary timestamptz;
  start_at timestamptz;
  has_rows boolean;
  ix record;
BEGIN
  SELECT n.nspname INTO partman_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_partman';
  EXECUTE format('ALTER TABLE %I RENAME TO %I', parent, legacy);
  -- The parent takes the indexes' names; the old table's keep theirs with a suffix.
  FOR ix IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = legacy::regclass LOOP
    EXECUTE format('ALTER INDEX %I RENAME TO %I', ix.relname, left(ix.relname, 56) || '_legacy');
  END LOOP;
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE INCLUDING COMMENTS) PARTITION BY RANGE (%I)', parent, legacy, control);
  FOR ix IN
    SELECT c.relname, i.indisprimary, pg_get_indexdef(i.indexrelid) AS def, con.oid AS constraint_oid
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.contype = 'p'
    WHERE i.indrelid = legacy::regclass
  LOOP
    IF ix.indisprimary THEN
      EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I %s', parent, regexp_replace(ix.relname, '_legacy$', ''), pg_get_constraintdef(ix.constraint_oid));
    ELSE
      -- The same definition (method, columns, uniqueness), its old name, on the parent.
      EXECUTE regexp_replace(ix.def, '^(CREATE (UNIQUE )?INDEX )\S+ ON \S+', '\1' || quote_ident(regexp_replace(ix.relname, '_legacy$', '')) || ' ON ' || quote_ident(parent));
    END IF;
  END LOOP;
  -- The id sequence belongs to the parent now: dropping the legacy partition must not take it along.
  FOR ix IN
    SELECT s.relname AS seq, a.attname AS col FROM pg_depend d
    JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
    JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
    WHERE d.refobjid = legacy::regclass AND d.deptype = 'a'
  LOOP
    EXECUTE format('ALTER SEQUENCE %I OWNED BY %I.%I', ix.seq, parent, ix.col);
  END LOOP;

  boundary := date_trunc(unit, now()) + ('1 ' || unit)::interval;
  EXECUTE format('SELECT exists (SELECT 1 FROM %I)', legacy) INTO has_rows;
  IF has_rows THEN
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (%I >= %L AND %I < %L) NOT VALID', legacy, legacy || '_range', control, '1970-01-01 00:00:00+00', control, boundary);
    EXECUTE format('ALTER TABLE %I VALIDATE CONSTRAINT %I', legacy, legacy || '_range');
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, legacy, '1970-01-01 00:00:00+00', boundary);
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', legacy, legacy || '_range');
    start_at := boundary;
  ELSE
    EXECUTE format('DROP TABLE %I', legacy);
    -- A new install: partitions for the whole retention window, so nothing recent lands in the default one.
    start_at := date_trunc(unit, now() - keep);
  END IF;
  EXECUTE format('SELECT %I.create_parent(%L, %L, %L, %L, p_premake := %s, p_start_partition := %L)',
    partman_schema, 'public.' || parent, control, 'native', every, premake, to_char(start_at, 'YYYY-MM-DD HH24:MI:SS TZH'));
  -- Partitions are made ahead of now, whatever the data holds: a record from a clock far ahead stays
  -- in the default partition instead of making maintenance attach a partition its rows violate.
  EXECUTE format('UPDATE %I.part_config SET infinite_time_partitions = true, ignore_default_data = true WHERE parent_table = %L', partman_schema, 'public.' || parent);
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT exists (SELECT 1 FROM pg_extension WHERE extname = 'pg_partman') THEN
    IF NOT exists (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_partman') OR current_setting('is_superuser') <> 'on' THEN
      RAISE NOTICE 'pg_partman is not available: usage and event tables stay unpartitioned';
      RETURN;
    END IF;
    CREATE SCHEMA IF NOT EXISTS partman;
    CREATE EXTENSION pg_partman SCHEMA partman;
  END IF;
  PERFORM cabinet_partition_by_time('usage_sessions', 'started_at', 'monthly', 4, interval '18 months');
  PERFORM cabinet_partition_by_time('usage_events', 'started_at', 'monthly', 4, interval '18 months');
  PERFORM cabinet_partition_by_time('sim_events', 'at', 'daily', 7, interval '30 days');
END
$$;
--> statement-breakpoint
DROP FUNCTION cabinet_partition_by_time(text, text, text, int, interval);
