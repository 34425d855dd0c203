-- A document that left a connection's list because a connection to the same provider account
-- (lib/connections/account.ts) confirmed it: `elsewhere`, not `gone`, with the connection that
-- confirmed it (`confirmed_by` and `confirmed_at` are that confirmation's).
ALTER TABLE delivery_documents DROP CONSTRAINT delivery_documents_state_check;
ALTER TABLE delivery_documents ADD CONSTRAINT delivery_documents_state_check
  CHECK (state IN ('open', 'pending', 'confirmed', 'failed', 'unknown', 'gone', 'elsewhere'));
ALTER TABLE delivery_documents ADD COLUMN confirmed_via uuid REFERENCES connections(id) ON DELETE SET NULL;
