-- Work that outlives a request as one record of a kind (issue #45, lib/runs): a bulk confirmation (`confirm`, was
-- delivery_confirmation_runs, 0010) and a hand-off to residents (`handoff`, was handoff_runs and handoff_run_lines,
-- 0026, 0034, 0041) are kinds of one run. A kind declares its counts (lib/runs/kind.ts), kept by name in `counts`;
-- `cancelled` counts the documents a cancel left out; `connection_id` names the connection of a kind of one
-- connection. `ended` as in 0010 (`instance_ended`: see instances.ts). The existing runs and lines are carried over.
CREATE TABLE runs (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  connection_id uuid REFERENCES connections(id) ON DELETE CASCADE,
  instance_id text NOT NULL,
  scope text,
  total integer NOT NULL,
  counts jsonb NOT NULL DEFAULT '{}'::jsonb,
  cancelled integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  cancel_requested_at timestamptz,
  finished_at timestamptz,
  ended text CHECK (ended IN ('done', 'cancelled', 'instance_ended'))
);
CREATE INDEX runs_user ON runs (user_id, kind, started_at);
CREATE INDEX runs_running ON runs (instance_id) WHERE finished_at IS NULL;
-- Each document's line of a kind with lines, in the order they finished: its reason as a code with its variables
-- (rendered in the reader's language), `message` for lines kept as words before 0041, `detail` the kind's own
-- facts (a hand-off's channel). Removed with the run.
CREATE TABLE run_lines (
  run_id uuid NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  connection_id uuid NOT NULL,
  documentid text NOT NULL,
  state text NOT NULL,
  reason jsonb,
  message text,
  detail jsonb,
  PRIMARY KEY (run_id, seq)
);
INSERT INTO runs (id, kind, user_id, connection_id, instance_id, scope, total, counts, cancelled, started_at,
  cancel_requested_at, finished_at, ended)
SELECT id, 'confirm', user_id, connection_id, instance_id, scope, total,
  jsonb_build_object('confirmed', confirmed, 'failed', failed, 'unknown', unknown, 'pending', pending), cancelled,
  started_at, cancel_requested_at, finished_at, ended
FROM delivery_confirmation_runs;
INSERT INTO runs (id, kind, user_id, connection_id, instance_id, scope, total, counts, cancelled, started_at,
  cancel_requested_at, finished_at, ended)
SELECT id, 'handoff', user_id, NULL, instance_id, scope, total,
  jsonb_build_object('sent', sent, 'failed', failed, 'skipped', skipped), cancelled,
  started_at, cancel_requested_at, finished_at, ended
FROM handoff_runs;
INSERT INTO run_lines (run_id, seq, connection_id, documentid, state, reason, message, detail)
SELECT run_id, seq, connection_id, documentid, state, reason, message,
  CASE WHEN channel IS NULL THEN NULL ELSE jsonb_build_object('channel', channel) END
FROM handoff_run_lines;
DROP TABLE handoff_run_lines;
DROP TABLE handoff_runs;
DROP TABLE delivery_confirmation_runs;
