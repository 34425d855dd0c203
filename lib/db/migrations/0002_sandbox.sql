-- The sandbox provider's state (docs/sandbox.md). One meta row holds the settings and the
-- signing key; documents carry their place in the list (`rank` within service and customer), and
-- sandbox_blocks counts the open documents of each run of 1024 ranks, so that a page, a count and
-- a confirmation never scan the whole table, however many documents are confirmed.
CREATE TABLE sandbox_meta (
  id integer PRIMARY KEY CHECK (id = 1),
  settings jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  kid text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_clients (
  id text PRIMARY KEY,
  position integer NOT NULL,
  services text[] NOT NULL,
  basic_username text UNIQUE,
  basic_password text,
  oauth_client_id text UNIQUE,
  oauth_client_secret text,
  customers text[] NOT NULL
);

CREATE TABLE sandbox_documents (
  service text NOT NULL CHECK (service IN ('uvi', 'dta')),
  documentid text NOT NULL,
  position integer NOT NULL,
  customer text NOT NULL,
  rank integer NOT NULL,
  filename text NOT NULL,
  doctype text NOT NULL,
  doctypeversion text,
  mimetype text NOT NULL,
  propertymanagement text,
  metadata jsonb NOT NULL,
  content bytea,
  generate text,
  confirmed boolean NOT NULL DEFAULT false,
  confirmed_at timestamptz,
  withdrawn boolean NOT NULL DEFAULT false,
  PRIMARY KEY (service, documentid)
);
CREATE UNIQUE INDEX sandbox_documents_order ON sandbox_documents (service, customer, rank);

-- Open documents per block of 1024 ranks (block = rank / 1024); kept in step by every confirmation.
CREATE TABLE sandbox_blocks (
  service text NOT NULL,
  customer text NOT NULL,
  block integer NOT NULL,
  open_count integer NOT NULL,
  PRIMARY KEY (service, customer, block)
);
CREATE INDEX sandbox_documents_position ON sandbox_documents (position);

CREATE TABLE sandbox_received (
  id bigserial PRIMARY KEY,
  documentid text NOT NULL UNIQUE,
  client_id text NOT NULL,
  customer text NOT NULL,
  filename text NOT NULL,
  doctype text,
  doctypeversion text,
  metadata jsonb,
  content bytea NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_faults (
  position integer PRIMARY KEY,
  rule jsonb NOT NULL,
  remaining integer
);

CREATE TABLE sandbox_rate_windows (
  client_id text NOT NULL,
  window_start bigint NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (client_id, window_start)
);

CREATE TABLE sandbox_requests (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  auth text NOT NULL,
  kd text
);
