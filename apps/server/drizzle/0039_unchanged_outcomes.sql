ALTER TABLE "queue_items" ADD COLUMN "unchanged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- SIMs that were already as their operation asked were recorded as failures with these reasons
-- (the contract's UNCHANGED_REASONS): they become 'unchanged', and their operations' counters follow.
UPDATE "queue_results" SET "status" = 'unchanged'
WHERE "status" = 'fail' AND "reason" IN ('already_blocked', 'already_unblocked', 'sim_blocked', 'imei_already_locked', 'imei_not_locked', 'sim_unchanged');
--> statement-breakpoint
UPDATE "queue_items" q SET "unchanged" = c.n, "fail" = greatest(q."fail" - c.n, 0)
FROM (SELECT "company_id", "queue_id", count(*)::int AS n FROM "queue_results" WHERE "status" = 'unchanged' GROUP BY 1, 2) c
WHERE q."company_id" = c."company_id" AND q."id" = c."queue_id";
