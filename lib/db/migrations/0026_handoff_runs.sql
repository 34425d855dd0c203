-- Hand-offs to residents (POST /api/handoffs) as they run, like the bulk confirmations of 0010: a
-- page reloaded in the middle finds its user's run again with its progress and each document's
-- outcome. A table of its own rather than delivery_confirmation_runs: a hand-off run spans
-- connections (no connection_id), counts other outcomes (sent, failed, skipped) and keeps its
-- lines, which a confirmation run does not. `ended` as in 0010 (`instance_ended`: see instances.ts).
CREATE TABLE handoff_runs (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  instance_id text NOT NULL,
  total integer NOT NULL,
  sent integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  ended text CHECK (ended IN ('done', 'instance_ended'))
);
CREATE INDEX handoff_runs_user ON handoff_runs (user_id, started_at);
CREATE INDEX handoff_runs_running ON handoff_runs (instance_id) WHERE finished_at IS NULL;
-- Each document's outcome as its line reported it (`message` in the words of the user who started
-- the run), in the order they finished; removed with the run.
CREATE TABLE handoff_run_lines (
  run_id uuid NOT NULL REFERENCES handoff_runs(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  connection_id uuid NOT NULL,
  documentid text NOT NULL,
  state text NOT NULL CHECK (state IN ('sent', 'failed', 'skipped')),
  channel text,
  message text,
  PRIMARY KEY (run_id, seq)
);
