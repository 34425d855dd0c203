-- The history of on-site-roles reports (issue #36, lib/residents/reports/events.ts): one row per step of the
-- report of one unit to one connection, for support's timeline per unit. Written by the same statement that
-- changes the report's row in osr_reports (a data-modifying WITH), so the row and its history never disagree.
-- `queued` (reason: change, connection, sync or credentials), `sent` (the attempt), `accepted` (transactionid),
-- `rejected` (messages), `unknown` (reason; `next_attempt_at` null: no attempt left), `dropped` (no longer sendable).
-- No body and no name: the units, connections, states, statuses and the provider's codes and texts only.
CREATE TABLE osr_report_events (
  id bigserial PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units(id) ON DELETE CASCADE,
  connection_id uuid NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL CHECK (kind IN ('queued', 'sent', 'accepted', 'rejected', 'unknown', 'dropped')),
  reason text CHECK (reason IS NULL OR length(reason) <= 40),
  attempt integer,
  http_status integer,
  transactionid text CHECK (transactionid IS NULL OR length(transactionid) <= 200),
  messages jsonb CHECK (messages IS NULL OR (CASE WHEN jsonb_typeof(messages) = 'array'
    THEN jsonb_array_length(messages) <= 20 AND octet_length(messages::text) <= 32768 ELSE false END)),
  next_attempt_at timestamptz
);
CREATE INDEX osr_report_events_unit ON osr_report_events (unit_id, id);
CREATE INDEX osr_report_events_connection ON osr_report_events (connection_id);
