CREATE TABLE "hlr_reconciles" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"checked" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"corrected" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "network_links" (
	"link" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "radius_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "radius_nas_stats" (
	"nas" text PRIMARY KEY NOT NULL,
	"accepted" bigint DEFAULT 0 NOT NULL,
	"dropped" bigint DEFAULT 0 NOT NULL,
	"dropped_by" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_packet_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "radius_sessions" (
	"nas" text NOT NULL,
	"acct_session_id" text NOT NULL,
	"company_id" bigint NOT NULL,
	"sim_id" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	"operator" text,
	"rat" text,
	CONSTRAINT "radius_sessions_nas_acct_session_id_pk" PRIMARY KEY("nas","acct_session_id")
);
--> statement-breakpoint
CREATE TABLE "radius_unknown_imsis" (
	"imsi" text PRIMARY KEY NOT NULL,
	"nas" text NOT NULL,
	"packets" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_stock" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"iccid" text NOT NULL,
	"imsi" text NOT NULL,
	"msisdn" text NOT NULL,
	"auth" text NOT NULL,
	"keys_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sim_id" bigint,
	"allocated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"sim_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"queue_id" bigint,
	"peer" text,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"smsc_message_id" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "sim_network_state" ADD COLUMN "operator" text;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "imsi" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "waiting_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "radius_clients_address_uq" ON "radius_clients" USING btree ("address");--> statement-breakpoint
CREATE INDEX "radius_sessions_sim_idx" ON "radius_sessions" USING btree ("company_id","sim_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_stock_iccid_uq" ON "sim_stock" USING btree ("iccid");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_stock_imsi_uq" ON "sim_stock" USING btree ("imsi");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_stock_msisdn_uq" ON "sim_stock" USING btree ("msisdn");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_stock_sim_uq" ON "sim_stock" USING btree ("sim_id");--> statement-breakpoint
CREATE INDEX "sim_stock_free_idx" ON "sim_stock" USING btree ("id") WHERE "sim_stock"."sim_id" is null;--> statement-breakpoint
CREATE INDEX "sms_messages_sim_idx" ON "sms_messages" USING btree ("company_id","sim_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_smsc_id_uq" ON "sms_messages" USING btree ("smsc_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_queue_uq" ON "sms_messages" USING btree ("company_id","queue_id","sim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sims_imsi_uq" ON "sims" USING btree ("imsi");