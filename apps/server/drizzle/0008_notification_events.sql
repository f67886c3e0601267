DROP INDEX "notify_deliveries_once_uq";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "event_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "notify_deliveries" ADD COLUMN "event_key" uuid;--> statement-breakpoint
CREATE INDEX "notifications_event_idx" ON "notifications" USING btree ("company_id","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "notify_deliveries_event_uq" ON "notify_deliveries" USING btree ("company_id","event_key","method_id");