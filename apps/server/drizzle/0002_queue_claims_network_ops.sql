CREATE TABLE "network_applied_ops" (
	"key" text PRIMARY KEY NOT NULL,
	"sim_id" bigint NOT NULL,
	"operation" text NOT NULL,
	"ok" boolean NOT NULL,
	"result" text,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_items" ADD COLUMN "progress_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_results" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "queue_results_open_idx" ON "queue_results" USING btree ("company_id","queue_id","status");