CREATE TABLE "report_schedules" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"filter_summary" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT 'ru' NOT NULL,
	"cadence" text NOT NULL,
	"weekday" smallint,
	"month_day" smallint,
	"hour" smallint NOT NULL,
	"recipients" jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"run_requested" boolean DEFAULT false NOT NULL,
	"run_owner" text,
	"run_lease_until" timestamp with time zone,
	"run_slot" timestamp with time zone,
	"run_report_id" bigint,
	"last_run_at" timestamp with time zone,
	"last_run_state" text,
	"last_report_id" bigint,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at") WHERE not paused;--> statement-breakpoint
CREATE INDEX "report_schedules_requested_idx" ON "report_schedules" USING btree ("company_id") WHERE run_requested;