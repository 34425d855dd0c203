-- Addresses (an IPv4 address, or an IPv6 /64) an account signed in from successfully. Attempts
-- from them keep their own budget, so an attack from elsewhere does not lock the owner out. A row
-- not renewed by a sign-in for 30 days no longer counts and is pruned.
CREATE TABLE sign_in_known_addresses (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  address text NOT NULL,
  last_success_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, address)
);
CREATE INDEX sign_in_known_addresses_last_success_at ON sign_in_known_addresses (last_success_at);
