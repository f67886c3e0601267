-- Written by hand (drizzle cannot declare a column's statistics target). The cards search is
-- `search_text LIKE '%term%'`, and PostgreSQL estimates a term's matches by trying it on the
-- column's histogram: with the default 100 entries a term found in one of them is taken to match
-- 1 SIM in 99. For 4 digits at 1,000,000 SIMs (1,400 matches) that is 10,000, and the count then
-- ANDs the trigram index with the company's whole primary key (300,000 entries, 27 ms) instead of
-- checking the 1,400 candidates (6 ms). With 1,000 entries the step is 1 in 999; planning a search
-- stays under 0.5 ms. bench/search-throughput.ts, 4 digits: 242–273 req/s → 308–324.
ALTER TABLE "sims" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "sims" ("search_text");
