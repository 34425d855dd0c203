-- Delivery state (lib/delivery): the dashboard's own record of every document it has seen at a
-- provider, the archive of fetched bytes, confirmation intents, sync leases and the audit trail.

-- The document index: one row per connection and document id, the provider's document (normalised)
-- and the usage unit it is grouped under (`unit_msc` NULL: the "no usage unit" group).
CREATE TABLE delivery_documents (
  connection_id uuid NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
  documentid text NOT NULL,
  kd text NOT NULL DEFAULT '',
  seq bigserial,
  filename text NOT NULL,
  doctype text NOT NULL,
  mimetype text NOT NULL,
  propertymanagement text NOT NULL,
  document jsonb NOT NULL,
  unit_msc text,
  unit_pm text,
  unit_label text,
  period_from date,
  period_to date,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'pending', 'confirmed', 'failed', 'unknown', 'gone')),
  replaced_by text,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  sha256 text,
  bytes bigint,
  fetched_at timestamptz,
  confirmed_at timestamptz,
  confirmed_by uuid,
  PRIMARY KEY (connection_id, documentid)
);
CREATE INDEX delivery_documents_unit ON delivery_documents (connection_id, state, unit_msc);
CREATE INDEX delivery_documents_period ON delivery_documents (connection_id, period_from);
CREATE INDEX delivery_documents_seen ON delivery_documents (connection_id, kd, last_seen_at);
CREATE INDEX delivery_documents_first_seen ON delivery_documents (first_seen_at);

-- Content-addressed archive of fetched bytes. `content` holds them when the archive lives in the
-- database (DATABASE_URL without ARCHIVE_DIR), written in chunks while they stream.
CREATE TABLE delivery_blobs (
  id uuid PRIMARY KEY,
  sha256 text UNIQUE,
  bytes bigint,
  stored_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE delivery_blob_chunks (
  blob_id uuid NOT NULL REFERENCES delivery_blobs(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (blob_id, seq)
);

-- One confirmation intent per connection and document, committed as `pending` before the PUT.
-- Only a row in `failed` (or none) may be claimed again: that is what makes a second PUT impossible.
CREATE TABLE delivery_confirmations (
  connection_id uuid NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
  documentid text NOT NULL,
  kd text NOT NULL DEFAULT '',
  state text NOT NULL CHECK (state IN ('pending', 'confirmed', 'failed', 'unknown')),
  actor_id uuid,
  sha256 text,
  attempts integer NOT NULL DEFAULT 1,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  provider_status integer,
  message text,
  PRIMARY KEY (connection_id, documentid)
);
CREATE INDEX delivery_confirmations_open ON delivery_confirmations (state) WHERE state IN ('pending', 'unknown');

-- Sync per connection: a lease (one sync at a time, across instances) and the last outcome.
CREATE TABLE delivery_sync (
  connection_id uuid PRIMARY KEY REFERENCES connections(id) ON DELETE CASCADE,
  lease_owner text,
  lease_until timestamptz,
  last_at timestamptz,
  last_ok boolean,
  last_open integer,
  last_message text,
  last_good_at timestamptz,
  next_at timestamptz
);

-- The audit trail: every sync, fetch, confirmation attempt and outcome, reconciliation, connection,
-- user change and export. No foreign keys: the record outlives what it speaks of. Never a secret.
CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL,
  actor_id uuid,
  actor text NOT NULL,
  connection_id uuid,
  documentid text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_events_document ON audit_events (connection_id, documentid, id);
CREATE INDEX audit_events_at ON audit_events (at);
