CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'manager', 'support')),
  password_hash text NOT NULL,
  disabled boolean NOT NULL DEFAULT false,
  session_version integer NOT NULL DEFAULT 1,
  locale text CHECK (locale IN ('de', 'en')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per failed sign-in, keyed by account ("email:...") and by address ("ip:..."); read over
-- a sliding window, so throttling holds across restarts and across app instances.
CREATE TABLE sign_in_failures (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_key_at ON sign_in_failures (key, at);
