CREATE TABLE "generated_reports" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"user_id" bigint NOT NULL,
	"queue_id" bigint,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"state" text DEFAULT 'writing' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lang" text DEFAULT 'ru' NOT NULL,
	"filter_summary" text DEFAULT '' NOT NULL,
	"period_from" date,
	"period_to" date,
	"rows" bigint,
	"bytes" bigint,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"gone_at" timestamp with time zone,
	CONSTRAINT "generated_reports_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "generated_reports_list_idx" ON "generated_reports" USING btree ("company_id","state","id");--> statement-breakpoint
CREATE INDEX "generated_reports_expiry_idx" ON "generated_reports" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "queue_items" ADD COLUMN "retry_of" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_name_uq" ON "saved_views" USING btree ("company_id","user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_views_shared_idx" ON "saved_views" USING btree ("company_id","shared");--> statement-breakpoint
CREATE INDEX "queue_results_sim_idx" ON "queue_results" USING btree ("company_id","sim_id","queue_id");--> statement-breakpoint
CREATE INDEX "sim_network_state_imei_idx" ON "sim_network_state" USING btree ("imei" text_pattern_ops);