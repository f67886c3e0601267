CREATE TABLE "usage_daily_group" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"day" date NOT NULL,
	"sim_days" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"session_seconds" bigint DEFAULT 0 NOT NULL,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	"sms_in" integer DEFAULT 0 NOT NULL,
	"sms_out" integer DEFAULT 0 NOT NULL,
	"calls_in" integer DEFAULT 0 NOT NULL,
	"calls_out" integer DEFAULT 0 NOT NULL,
	"call_seconds" bigint DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_group_company_id_group_id_day_pk" PRIMARY KEY("company_id","group_id","day")
);
--> statement-breakpoint
CREATE TABLE "usage_daily_label" (
	"company_id" bigint NOT NULL,
	"label" text NOT NULL,
	"day" date NOT NULL,
	"sim_days" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"session_seconds" bigint DEFAULT 0 NOT NULL,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	"sms_in" integer DEFAULT 0 NOT NULL,
	"sms_out" integer DEFAULT 0 NOT NULL,
	"calls_in" integer DEFAULT 0 NOT NULL,
	"calls_out" integer DEFAULT 0 NOT NULL,
	"call_seconds" bigint DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_label_company_id_label_day_pk" PRIMARY KEY("company_id","label","day")
);
--> statement-breakpoint
CREATE TABLE "usage_daily_profile" (
	"company_id" bigint NOT NULL,
	"profile" text NOT NULL,
	"day" date NOT NULL,
	"sim_days" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"session_seconds" bigint DEFAULT 0 NOT NULL,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	"sms_in" integer DEFAULT 0 NOT NULL,
	"sms_out" integer DEFAULT 0 NOT NULL,
	"calls_in" integer DEFAULT 0 NOT NULL,
	"calls_out" integer DEFAULT 0 NOT NULL,
	"call_seconds" bigint DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_profile_company_id_profile_day_pk" PRIMARY KEY("company_id","profile","day")
);
--> statement-breakpoint
ALTER TABLE "usage_daily_company" ADD COLUMN "sim_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Usage batches and membership changes of one company are ordered by this lock (class 26001, key
-- the company): a batch holds it shared while it adds to the rollups of the SIMs' groups and labels
-- of that moment; a membership change holds it alone before it moves the SIMs' history, so it
-- waits for the batches that read the old membership and the next ones read the new one.
CREATE FUNCTION usage_rollup_lock(companies bigint[], exclusive boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE company bigint;
BEGIN
  FOR company IN SELECT DISTINCT c FROM unnest(companies) AS c ORDER BY c LOOP
    IF exclusive THEN PERFORM pg_advisory_xact_lock(26001, hashint8(company));
    ELSE PERFORM pg_advisory_xact_lock_shared(26001, hashint8(company));
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- A SIM that joins a group or gets a label brings its whole usage history to that rollup; one that
-- leaves takes it away (rows left standing for no SIM-day go).
CREATE FUNCTION usage_rollup_membership() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  rollup text := CASE WHEN TG_TABLE_NAME = 'sim_group_members' THEN 'usage_daily_group' ELSE 'usage_daily_label' END;
  member text := CASE WHEN TG_TABLE_NAME = 'sim_group_members' THEN 'group_id' ELSE 'label' END;
BEGIN
  PERFORM usage_rollup_lock(ARRAY(SELECT DISTINCT company_id FROM changed), true);
  EXECUTE format($sql$
    INSERT INTO %1$I AS r (company_id, %2$I, day, sim_days, sessions, session_seconds, bytes_up, bytes_down, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents)
    SELECT m.company_id, m.%2$I, d.day, $1 * count(*), $1 * sum(d.sessions), $1 * sum(d.session_seconds), $1 * sum(d.bytes_up),
           $1 * sum(d.bytes_down), $1 * sum(d.sms_in), $1 * sum(d.sms_out), $1 * sum(d.calls_in), $1 * sum(d.calls_out),
           $1 * sum(d.call_seconds), $1 * sum(d.cost_cents)
    FROM changed m JOIN usage_daily d ON d.company_id = m.company_id AND d.sim_id = m.sim_id
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, %2$I, day) DO UPDATE SET sim_days = r.sim_days + excluded.sim_days,
      sessions = r.sessions + excluded.sessions, session_seconds = r.session_seconds + excluded.session_seconds,
      bytes_up = r.bytes_up + excluded.bytes_up, bytes_down = r.bytes_down + excluded.bytes_down,
      sms_in = r.sms_in + excluded.sms_in, sms_out = r.sms_out + excluded.sms_out, calls_in = r.calls_in + excluded.calls_in,
      calls_out = r.calls_out + excluded.calls_out, call_seconds = r.call_seconds + excluded.call_seconds, cost_cents = r.cost_cents + excluded.cost_cents
    $sql$, rollup, member) USING sign;
  IF sign < 0 THEN
    EXECUTE format('DELETE FROM %1$I r USING (SELECT DISTINCT company_id, %2$I FROM changed) c
      WHERE r.company_id = c.company_id AND r.%2$I = c.%2$I AND r.sim_days = 0', rollup, member);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usage_rollup_group_joined AFTER INSERT ON sim_group_members REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION usage_rollup_membership();
--> statement-breakpoint
CREATE TRIGGER usage_rollup_group_left AFTER DELETE ON sim_group_members REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION usage_rollup_membership();
--> statement-breakpoint
CREATE TRIGGER usage_rollup_label_added AFTER INSERT ON sim_labels REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION usage_rollup_membership();
--> statement-breakpoint
CREATE TRIGGER usage_rollup_label_removed AFTER DELETE ON sim_labels REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION usage_rollup_membership();
--> statement-breakpoint
-- The new rollups from the per-SIM rows as they are (the same as rebuildCoarseRollups).
UPDATE "usage_daily_company" c SET "sim_days" = n.sim_days
FROM (SELECT company_id, day, count(*)::int AS sim_days FROM usage_daily GROUP BY 1, 2) n
WHERE n.company_id = c.company_id AND n.day = c.day;
--> statement-breakpoint
INSERT INTO "usage_daily_profile" (company_id, profile, day, sim_days, sessions, session_seconds, bytes_up, bytes_down, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents)
SELECT d.company_id, s.profile, d.day, count(*), sum(d.sessions), sum(d.session_seconds), sum(d.bytes_up), sum(d.bytes_down),
       sum(d.sms_in), sum(d.sms_out), sum(d.calls_in), sum(d.calls_out), sum(d.call_seconds), sum(d.cost_cents)
FROM usage_daily d JOIN sims s ON s.id = d.sim_id
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "usage_daily_group" (company_id, group_id, day, sim_days, sessions, session_seconds, bytes_up, bytes_down, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents)
SELECT d.company_id, m.group_id, d.day, count(*), sum(d.sessions), sum(d.session_seconds), sum(d.bytes_up), sum(d.bytes_down),
       sum(d.sms_in), sum(d.sms_out), sum(d.calls_in), sum(d.calls_out), sum(d.call_seconds), sum(d.cost_cents)
FROM usage_daily d JOIN sim_group_members m ON m.company_id = d.company_id AND m.sim_id = d.sim_id
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "usage_daily_label" (company_id, label, day, sim_days, sessions, session_seconds, bytes_up, bytes_down, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents)
SELECT d.company_id, l.label, d.day, count(*), sum(d.sessions), sum(d.session_seconds), sum(d.bytes_up), sum(d.bytes_down),
       sum(d.sms_in), sum(d.sms_out), sum(d.calls_in), sum(d.calls_out), sum(d.call_seconds), sum(d.cost_cents)
FROM usage_daily d JOIN sim_labels l ON l.company_id = d.company_id AND l.sim_id = d.sim_id
GROUP BY 1, 2, 3;
