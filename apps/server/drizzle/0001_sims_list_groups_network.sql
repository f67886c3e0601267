CREATE TABLE "queue_results" (
	"company_id" bigint NOT NULL,
	"queue_id" bigint NOT NULL,
	"sim_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"done_at" timestamp with time zone,
	CONSTRAINT "queue_results_company_id_queue_id_sim_id_pk" PRIMARY KEY("company_id","queue_id","sim_id")
);
--> statement-breakpoint
CREATE TABLE "sim_group_members" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"sim_id" bigint NOT NULL,
	CONSTRAINT "sim_group_members_company_id_group_id_sim_id_pk" PRIMARY KEY("company_id","group_id","sim_id")
);
--> statement-breakpoint
CREATE TABLE "sim_groups" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_groups_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "sim_network_state" (
	"company_id" bigint NOT NULL,
	"sim_id" bigint NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"imei" text,
	"cell" text,
	"rat" text,
	"session_started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_network_state_company_id_sim_id_pk" PRIMARY KEY("company_id","sim_id")
);
--> statement-breakpoint
CREATE TABLE "sim_usage" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"sim_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"direction" text,
	"started_at" timestamp with time zone NOT NULL,
	"bytes" bigint,
	"seconds" integer,
	"text" text,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sim_usage_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "search_text" text GENERATED ALWAYS AS (iccid || ' ' || msisdn || ' ' || lower(coalesce(name, '')) || ' ' || lower(coalesce(external_id, ''))) STORED;--> statement-breakpoint
CREATE INDEX "sim_group_members_sim_idx" ON "sim_group_members" USING btree ("company_id","sim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_groups_name_uq" ON "sim_groups" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "sim_usage_sim_idx" ON "sim_usage" USING btree ("company_id","sim_id","started_at");--> statement-breakpoint
CREATE INDEX "sims_msisdn_idx" ON "sims" USING btree ("msisdn");--> statement-breakpoint
CREATE INDEX "sims_company_iccid_idx" ON "sims" USING btree ("company_id","iccid");--> statement-breakpoint
CREATE INDEX "sims_company_msisdn_idx" ON "sims" USING btree ("company_id","msisdn");--> statement-breakpoint
CREATE INDEX "sims_company_name_idx" ON "sims" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "sims_company_profile_idx" ON "sims" USING btree ("company_id","profile","id");--> statement-breakpoint
CREATE INDEX "sims_company_block_idx" ON "sims" USING btree ("company_id","block_type","id");--> statement-breakpoint
CREATE INDEX "sims_company_added_idx" ON "sims" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sims_search_trgm_idx" ON "sims" USING gin ("search_text" gin_trgm_ops);