CREATE TABLE "api_tokens" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "notify_deliveries" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"method_id" bigint NOT NULL,
	"notification_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"last_error" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "notify_deliveries_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "notify_methods" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"type" smallint NOT NULL,
	"destination" text NOT NULL,
	"flag_sim" boolean DEFAULT true NOT NULL,
	"flag_billing" boolean DEFAULT true NOT NULL,
	"flag_notify" boolean DEFAULT true NOT NULL,
	"secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "notify_methods_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "phone_confirmations" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"user_id" bigint NOT NULL,
	"phone" text NOT NULL,
	"direction" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_confirmations_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "telephony_simulator_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"direction" text NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"company_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_runs_company_id_kind_period_pk" PRIMARY KEY("company_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"period" text NOT NULL,
	"country" text,
	"order_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bills_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"bill_id" bigint,
	"reason" text,
	"author_id" bigint,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"number" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"count" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"contact" text NOT NULL,
	"address" text NOT NULL,
	"supplier_comment" text,
	"bill_id" bigint,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "balance_problem_since" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_uq" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "notify_deliveries_method_idx" ON "notify_deliveries" USING btree ("company_id","method_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notify_deliveries_once_uq" ON "notify_deliveries" USING btree ("company_id","notification_id","method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_number_uq" ON "bills" USING btree ("number");--> statement-breakpoint
CREATE INDEX "bills_period_idx" ON "bills" USING btree ("company_id","period","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_monthly_uq" ON "bills" USING btree ("company_id","period") WHERE kind = 'monthly';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_uq" ON "ledger_entries" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_kind_idx" ON "ledger_entries" USING btree ("company_id","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("company_id","status","id");