-- Freshness clock (extensions §6): the hourly sweep reads listed providers by confirmed_at, oldest
-- first, and only those past the first reminder; this partial index keeps that a short range scan
-- at any number of providers. Declared here only, like providers_listed_rank_idx (0011).
CREATE INDEX "providers_listed_confirmed_idx" ON "providers" USING btree ("confirmed_at")
  WHERE approval_status = 'APPROVED' and public_profile;
