CREATE TABLE "alert_firings" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"rule_id" bigint NOT NULL,
	"rule_name" text NOT NULL,
	"condition" text NOT NULL,
	"sim_id" bigint NOT NULL,
	"period" text NOT NULL,
	"value" text NOT NULL,
	"actions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_firings_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"sim_id" bigint,
	"label" text,
	"group_id" bigint,
	"condition" text NOT NULL,
	"threshold" integer,
	"country" text,
	"notify" boolean DEFAULT true NOT NULL,
	"block" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_rules_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "sim_imei_locks" (
	"company_id" bigint NOT NULL,
	"sim_id" bigint NOT NULL,
	"imei" text NOT NULL,
	"block" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_imei_locks_company_id_sim_id_pk" PRIMARY KEY("company_id","sim_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alert_firings_once_uq" ON "alert_firings" USING btree ("company_id","rule_id","sim_id","period");--> statement-breakpoint
CREATE INDEX "alert_firings_time_idx" ON "alert_firings" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "alert_firings_sim_idx" ON "alert_firings" USING btree ("company_id","sim_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_rules_name_uq" ON "alert_rules" USING btree ("company_id",lower("name"));--> statement-breakpoint
-- "No traffic for N days" looks only at SIMs last seen exactly N days ago: one range of this index.
CREATE INDEX "sim_network_state_last_seen_idx" ON "sim_network_state" USING btree ("last_seen_at");
