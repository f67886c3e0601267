-- Written by hand (drizzle cannot declare INCLUDE). The capped count of a common substring search
-- ("sensor": a third of a company) walks the company's SIMs until 10,001 match; from this index it
-- reads the searched text alone instead of each wide SIM row (at 1M SIMs: 15.5 ms → 7.5 ms a count).
CREATE INDEX IF NOT EXISTS "sims_company_search_cover_idx" ON "sims" USING btree ("company_id","id") INCLUDE ("search_text");
