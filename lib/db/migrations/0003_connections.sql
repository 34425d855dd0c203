-- Connections of a user to a provider's document service. The Basic password or OAuth client
-- secret is stored only sealed (AES-256-GCM envelope, see lib/crypto); `principal` is the Basic
-- user name or the OAuth client id.
CREATE TABLE connections (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  service text NOT NULL CHECK (service IN ('uvi', 'dta')),
  base_url text NOT NULL,
  auth_url text,
  auth_type text NOT NULL CHECK (auth_type IN ('basic', 'client_credentials')),
  principal text NOT NULL,
  secret_sealed text NOT NULL,
  customer_number text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX connections_user_id ON connections (user_id);
