CREATE TABLE "country_rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"from_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roaming_requests" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"zones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sim_count" integer NOT NULL,
	"iccid" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "roaming_requests_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "sim_roaming" (
	"company_id" bigint NOT NULL,
	"sim_id" bigint NOT NULL,
	"mode" text DEFAULT 'off' NOT NULL,
	"zones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending_request_id" bigint,
	"pending_mode" text,
	"pending_zones" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_roaming_company_id_sim_id_pk" PRIMARY KEY("company_id","sim_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "country_rules_country_uq" ON "country_rules" USING btree ("country");--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_requests_id_uq" ON "roaming_requests" USING btree ("id");--> statement-breakpoint
CREATE INDEX "roaming_requests_due_idx" ON "roaming_requests" USING btree ("due_at") WHERE applied_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sim_roaming_sim_uq" ON "sim_roaming" USING btree ("sim_id");--> statement-breakpoint
CREATE INDEX "sim_roaming_pending_idx" ON "sim_roaming" USING btree ("pending_request_id") WHERE pending_request_id is not null;--> statement-breakpoint
-- Spec §9: from 1 June 2024 TC-profile SIMs do not work in two named countries. The spec does not
-- name them; these two are placeholders root edits on Tools → Country rules.
INSERT INTO "country_rules" ("country", "from_date") VALUES ('TR', '2024-06-01'), ('GE', '2024-06-01') ON CONFLICT DO NOTHING;
