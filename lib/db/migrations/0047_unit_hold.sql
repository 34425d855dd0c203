-- A legal hold per unit (issue #47, docs/api.md "The unit register", "Retention"): "Rechtsstreit", why, who set it,
-- when. While `hold_at` is set, no erasure touches the unit: neither the retention's sweep of former residents
-- (RESIDENT_RETENTION_MONTHS) nor an admin's erasure on request, nor the sweep of hand-off records older than
-- PROOF_RETENTION_YEARS. The person who set it may leave the office: the hold stays, without its `by`.
ALTER TABLE units ADD COLUMN hold_reason text;
ALTER TABLE units ADD COLUMN hold_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE units ADD COLUMN hold_at timestamptz;
ALTER TABLE units ADD CONSTRAINT units_hold_check CHECK ((hold_at IS NULL) = (hold_reason IS NULL));
CREATE INDEX units_held ON units (id) WHERE hold_at IS NOT NULL;

-- Hand-off records and their outcomes older than PROOF_RETENTION_YEARS (by `at`) are deleted by the retention's sweep
-- (lib/register/retention.ts), once a day: these indexes keep it from reading every row. The outcomes' append-only
-- trigger (0040_handoff_outcomes.sql) guards UPDATE only, so deleting whole rows needs no change to it: a row is
-- never altered, only removed once its retention has passed (a deleted hand-off clears `handoff_id` of any newer
-- outcome, which that trigger allows).
CREATE INDEX handoffs_at ON handoffs (at);
CREATE INDEX handoff_outcomes_at ON handoff_outcomes (at);
