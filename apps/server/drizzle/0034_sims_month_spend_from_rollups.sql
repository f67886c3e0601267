-- A SIM's month spend is the sum of its daily rollups' cost since the first of the month (README
-- "Usage"): the counter on the SIM row, and its update per network batch and reset per month, go.
ALTER TABLE "sims" DROP COLUMN "month_spend_cents";
