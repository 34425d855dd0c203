-- The consent behind each digital hand-off, as it stood when the hand-off was claimed (issue #47, "the proof tells the
-- truth"): `{channel, how, at, reference}` from the tenancy (migration 0049), null for a letter. Kept with the record
-- for PROOF_RETENTION_YEARS, so that the proof still names it after an objection or the resident's erasure; it holds
-- no name and no address.
ALTER TABLE handoffs ADD COLUMN consent jsonb;
ALTER TABLE handoff_outcomes ADD COLUMN consent jsonb;
