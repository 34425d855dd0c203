-- The running processes of the app (one with the embedded database, several on PostgreSQL), each
-- with a heartbeat. A confirmation's claim names the process that made it, so that the claims of a
-- process that died are judged at once instead of after the longest time a PUT may take.
CREATE TABLE app_instances (
  id text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
CREATE INDEX app_instances_running ON app_instances (heartbeat_at) WHERE ended_at IS NULL;

-- Who claimed, and until when its PUT may still be under way (the whole call's deadline).
ALTER TABLE delivery_confirmations ADD COLUMN instance_id text;
ALTER TABLE delivery_confirmations ADD COLUMN deadline_at timestamptz;
