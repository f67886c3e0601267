CREATE TABLE "sim_edit_lines" (
	"company_id" bigint NOT NULL,
	"queue_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"iccid" text NOT NULL,
	"name" text,
	"external_id" text,
	"labels" text[],
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	CONSTRAINT "sim_edit_lines_company_id_queue_id_line_pk" PRIMARY KEY("company_id","queue_id","line")
);
--> statement-breakpoint
CREATE TABLE "sim_labels" (
	"company_id" bigint NOT NULL,
	"label" text NOT NULL,
	"sim_id" bigint NOT NULL,
	CONSTRAINT "sim_labels_company_id_label_sim_id_pk" PRIMARY KEY("company_id","label","sim_id"),
	CONSTRAINT "sim_labels_label_length" CHECK (char_length("sim_labels"."label") between 1 and 32 and "sim_labels"."label" = btrim("sim_labels"."label"))
);
--> statement-breakpoint
CREATE INDEX "sim_edit_lines_pending_idx" ON "sim_edit_lines" USING btree ("company_id","queue_id","status","line");--> statement-breakpoint
CREATE INDEX "sim_labels_sim_idx" ON "sim_labels" USING btree ("company_id","sim_id","label");--> statement-breakpoint
-- A company's labels are its own: a SIM that leaves the company (a transfer) or is deleted leaves
-- its labels behind, whichever code moved it.
CREATE FUNCTION sim_labels_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sim_labels WHERE company_id = OLD.company_id AND sim_id = OLD.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sims_labels_forget_on_move AFTER UPDATE OF company_id ON sims
  FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION sim_labels_forget();--> statement-breakpoint
CREATE TRIGGER sims_labels_forget_on_delete AFTER DELETE ON sims
  FOR EACH ROW EXECUTE FUNCTION sim_labels_forget();
