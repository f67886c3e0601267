CREATE TABLE "api_token_calls" (
	"company_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "api_token_calls_company_id_token_id_window_start_pk" PRIMARY KEY("company_id","token_id","window_start")
);
--> statement-breakpoint
CREATE INDEX "api_token_calls_window_idx" ON "api_token_calls" USING btree ("window_start");