-- The DTA outbox (lib/delivery/outbox): one row per file a user sent through a connection. The row
-- is committed as `unknown` (the intent) before the provider is called and updated to `sent` or
-- `failed` when its answer is seen, so a crash in between leaves `unknown`, which is the truth.
-- The bytes are in the content-addressed archive under `sha256`; `message_key` names our words for
-- the outcome (lib/i18n), `message_text` holds the provider's own (a warning, an error excerpt).
CREATE TABLE outbox_items (
  id uuid PRIMARY KEY,
  connection_id uuid NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
  filename text NOT NULL,
  content_type text NOT NULL,
  bytes bigint NOT NULL,
  sha256 text NOT NULL,
  doctype text,
  doctypeversion text,
  kd text NOT NULL DEFAULT '',
  metadata jsonb,
  state text NOT NULL CHECK (state IN ('sent', 'failed', 'unknown')),
  status jsonb,
  http_status integer,
  message_key text,
  message_text text,
  sent_at timestamptz NOT NULL DEFAULT now(),
  sent_by uuid REFERENCES users(id) ON DELETE SET NULL,
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users(id) ON DELETE SET NULL
);
-- A connection's list, newest first; the repeat check by hash; support's list across connections.
CREATE INDEX outbox_items_connection ON outbox_items (connection_id, sent_at DESC, id);
CREATE INDEX outbox_items_sha256 ON outbox_items (connection_id, sha256);
CREATE INDEX outbox_items_sent_at ON outbox_items (sent_at DESC, id);
