CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"user_id" bigint,
	"impersonator_id" bigint,
	"api_token_id" bigint,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parent_id" bigint,
	"agent_company_id" bigint,
	"name" text NOT NULL,
	"tax_number" text,
	"contract" text,
	"billing_type" smallint DEFAULT 1 NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"overdraft_cents" bigint DEFAULT 0 NOT NULL,
	"balance_problem" boolean DEFAULT false NOT NULL,
	"country" text,
	"company_type" text,
	"responsible" text,
	"whatsapp" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"registration_complete" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image" text,
	"text" text NOT NULL,
	"author_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"category" text DEFAULT 'notify' NOT NULL,
	"text" text NOT NULL,
	"readed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "queue_items" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"process" integer DEFAULT 0 NOT NULL,
	"ok" integer DEFAULT 0 NOT NULL,
	"fail" integer DEFAULT 0 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "queue_items_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"impersonator_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sims" (
	"company_id" bigint NOT NULL,
	"id" bigserial NOT NULL,
	"iccid" text NOT NULL,
	"msisdn" text NOT NULL,
	"name" text,
	"profile" text NOT NULL,
	"block_type" text DEFAULT 'none' NOT NULL,
	"block_reason" text,
	"msu_cents" integer,
	"month_spend_cents" integer DEFAULT 0 NOT NULL,
	"package" text,
	"limit_mb" integer,
	"balance_cents" integer,
	"external_id" text,
	"m25_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sims_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"role" text NOT NULL,
	"lang" text DEFAULT 'ru' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"news_seen_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "companies_parent_idx" ON "companies" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_tax_number_uq" ON "companies" USING btree ("tax_number");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("company_id","user_id","id");--> statement-breakpoint
CREATE INDEX "queue_items_state_idx" ON "queue_items" USING btree ("company_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sims_iccid_uq" ON "sims" USING btree ("iccid");--> statement-breakpoint
CREATE UNIQUE INDEX "sims_id_uq" ON "sims" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");