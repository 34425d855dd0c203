-- Bulk confirmations (POST /api/connections/{id}/confirmations) as they run: a page reloaded in the
-- middle finds its user's run again and shows its progress, and any instance can ask the one that
-- runs it to stop. The counts are kept as each document finishes; `ended` says how a run ended
-- (`instance_ended`: its instance crashed or shut down before it was done, see instances.ts).
CREATE TABLE delivery_confirmation_runs (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  connection_id uuid NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
  instance_id text NOT NULL,
  total integer NOT NULL,
  confirmed integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  unknown integer NOT NULL DEFAULT 0,
  pending integer NOT NULL DEFAULT 0,
  -- Left open by a cancel: never claimed.
  cancelled integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  cancel_requested_at timestamptz,
  finished_at timestamptz,
  ended text CHECK (ended IN ('done', 'cancelled', 'instance_ended'))
);
CREATE INDEX delivery_confirmation_runs_user ON delivery_confirmation_runs (user_id, started_at);
CREATE INDEX delivery_confirmation_runs_running ON delivery_confirmation_runs (instance_id) WHERE finished_at IS NULL;
