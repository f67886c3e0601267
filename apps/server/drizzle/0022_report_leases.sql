ALTER TABLE "generated_reports" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "generated_reports" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "generated_reports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "generated_reports_writing_idx" ON "generated_reports" USING btree ("claimed_at") WHERE state = 'writing';