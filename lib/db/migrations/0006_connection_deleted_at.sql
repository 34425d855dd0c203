-- A deleted connection keeps its row (without its secret), so the delivery record of its documents
-- and its audit trail stay readable for support; every lookup of a user's connections skips it.
ALTER TABLE connections ADD COLUMN deleted_at timestamptz;
