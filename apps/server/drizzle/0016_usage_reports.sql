-- IF NOT EXISTS: bench/reports.ts creates these tables on the shared bench database without recording the migration.
CREATE TABLE IF NOT EXISTS "usage_daily" (
	"company_id" bigint NOT NULL,
	"sim_id" bigint NOT NULL,
	"day" date NOT NULL,
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
	CONSTRAINT "usage_daily_company_id_sim_id_day_pk" PRIMARY KEY("company_id","sim_id","day")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "usage_daily_company" (
	"company_id" bigint NOT NULL,
	"day" date NOT NULL,
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
	CONSTRAINT "usage_daily_company_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "usage_events" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"sim_id" bigint NOT NULL,
	"record_key" text NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"peer" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"operator" text NOT NULL,
	"country" text NOT NULL,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "usage_sessions" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"sim_id" bigint NOT NULL,
	"record_key" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	"rat" text NOT NULL,
	"operator" text NOT NULL,
	"country" text NOT NULL,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_sessions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "usage_daily_day_idx" ON "usage_daily" USING btree ("company_id","day","sim_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "usage_events_key_uq" ON "usage_events" USING btree ("company_id","record_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "usage_events_time_idx" ON "usage_events" USING btree ("company_id","started_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "usage_events_sim_idx" ON "usage_events" USING btree ("company_id","sim_id","started_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "usage_events_started_brin" ON "usage_events" USING brin ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "usage_sessions_key_uq" ON "usage_sessions" USING btree ("company_id","record_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "usage_sessions_time_idx" ON "usage_sessions" USING btree ("company_id","started_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "usage_sessions_sim_idx" ON "usage_sessions" USING btree ("company_id","sim_id","started_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "usage_sessions_started_brin" ON "usage_sessions" USING brin ("started_at");--> statement-breakpoint
-- Written by hand (drizzle cannot declare INCLUDE): the per-SIM rollup read of a SIM filter is an
-- index-only scan with one SIM's days side by side, instead of one heap page per day.
CREATE INDEX IF NOT EXISTS "usage_daily_sim_cover_idx" ON "usage_daily" USING btree ("company_id","sim_id","day") INCLUDE ("sessions","session_seconds","bytes_up","bytes_down","sms_in","sms_out","calls_in","calls_out","call_seconds","cost_cents");
