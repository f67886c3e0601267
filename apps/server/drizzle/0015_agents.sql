CREATE TABLE "agent_accounts" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"referral_code" text NOT NULL,
	"reward_bp" integer,
	"reward_balance_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_events" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"request_id" bigint NOT NULL,
	"action" text,
	"from_state" text,
	"to_state" text NOT NULL,
	"side" text NOT NULL,
	"actor_id" bigint NOT NULL,
	"comment" text,
	"attachment_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_files" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"request_id" bigint NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_files_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_requests" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"amount_cents" bigint NOT NULL,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"method" text NOT NULL,
	"iban" text,
	"holder" text,
	"details" text,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_requests_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "registration_requests" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "source_company_id" bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "request_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_accounts_referral_code_uq" ON "agent_accounts" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "withdrawal_events_request_idx" ON "withdrawal_events" USING btree ("company_id","request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_files_id_uq" ON "withdrawal_files" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_requests_id_uq" ON "withdrawal_requests" USING btree ("id");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_company_idx" ON "withdrawal_requests" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_state_idx" ON "withdrawal_requests" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_source_bill_idx" ON "ledger_entries" USING btree ("source_company_id","bill_id");