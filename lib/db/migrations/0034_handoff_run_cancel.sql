-- A hand-off run can be cancelled (DELETE /api/handoffs/runs/{id}), like a bulk confirmation (0010):
-- `cancel_requested_at` is read back by the instance that runs it with each document's line, so a cancel
-- answered by any instance stops the run before its next document; `cancelled` counts the documents it
-- then never began (not handed on), and `ended` says `cancelled` when there were any.
ALTER TABLE handoff_runs ADD COLUMN cancel_requested_at timestamptz;
ALTER TABLE handoff_runs ADD COLUMN cancelled integer NOT NULL DEFAULT 0;
ALTER TABLE handoff_runs DROP CONSTRAINT handoff_runs_ended_check;
ALTER TABLE handoff_runs ADD CONSTRAINT handoff_runs_ended_check CHECK (ended IN ('done', 'cancelled', 'instance_ended'));
