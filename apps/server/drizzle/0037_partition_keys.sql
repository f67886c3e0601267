DROP INDEX "usage_events_key_uq";--> statement-breakpoint
DROP INDEX "usage_sessions_key_uq";--> statement-breakpoint
ALTER TABLE "usage_events" DROP CONSTRAINT "usage_events_company_id_id_pk";--> statement-breakpoint
ALTER TABLE "usage_sessions" DROP CONSTRAINT "usage_sessions_company_id_id_pk";--> statement-breakpoint
ALTER TABLE "sim_events" DROP CONSTRAINT "sim_events_company_id_id_pk";--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_company_id_id_started_at_pk" PRIMARY KEY("company_id","id","started_at");--> statement-breakpoint
ALTER TABLE "usage_sessions" ADD CONSTRAINT "usage_sessions_company_id_id_started_at_pk" PRIMARY KEY("company_id","id","started_at");--> statement-breakpoint
ALTER TABLE "sim_events" ADD CONSTRAINT "sim_events_company_id_id_at_pk" PRIMARY KEY("company_id","id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_events_key_uq" ON "usage_events" USING btree ("company_id","record_key","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_sessions_key_uq" ON "usage_sessions" USING btree ("company_id","record_key","started_at");