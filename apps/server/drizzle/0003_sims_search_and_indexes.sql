CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "sims_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "is_blocked" boolean GENERATED ALWAYS AS (block_type <> 'none') STORED;--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "network_applied_ops_applied_idx" ON "network_applied_ops" USING btree ("applied_at");--> statement-breakpoint
CREATE INDEX "sim_group_members_group_idx" ON "sim_group_members" USING btree ("group_id","sim_id");--> statement-breakpoint
CREATE INDEX "sims_company_search_trgm_idx" ON "sims" USING gin ("company_id","profile","is_blocked","search_text" gin_trgm_ops);