-- Room on each page of sims for updated rows: the network writes a SIM's month spend with every
-- session (and its state, blocks, names as users work). An update whose columns no index holds is
-- then HOT — one new row version on the same page, none of the table's 16 index entries rewritten —
-- where a full page forces a new entry in every index, the trigram GIN among them (the alerts bench:
-- the month-spend update was a third of the database's time at 3,600 usage records/s).
-- New pages follow at once; pages written before fill up to it as they are vacuumed.
ALTER TABLE "sims" SET (fillfactor = 80);
