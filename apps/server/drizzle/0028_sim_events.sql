CREATE TABLE "sim_events" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"sim_id" bigint NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_label" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "sim_events_sim_idx" ON "sim_events" USING btree ("company_id","sim_id","at","id");--> statement-breakpoint
CREATE INDEX "sim_events_company_time_idx" ON "sim_events" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "sim_events_company_type_idx" ON "sim_events" USING btree ("company_id","type","at","id");--> statement-breakpoint
CREATE INDEX "sim_events_at_idx" ON "sim_events" USING btree ("at");