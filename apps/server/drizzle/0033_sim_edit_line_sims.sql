ALTER TABLE "sim_edit_lines" ADD COLUMN "sim_id" bigint;--> statement-breakpoint
CREATE INDEX "sim_edit_lines_sim_idx" ON "sim_edit_lines" USING btree ("company_id","queue_id","sim_id");