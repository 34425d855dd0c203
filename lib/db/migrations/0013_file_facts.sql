-- What the DTA service says about a document's file (docs/api.md, "File facts").
-- `facts`: the normalised facts of GET /v1/documents/out/{id}, asked only when the list left them
-- out, and only once: `facts_asked_at` says it was asked (facts stay null when the answer had none).
-- `hash_check`: the archived bytes checked against the provider's `hashvalue`
-- ({algorithm, expected, actual}); a mismatch blocks the confirmation.
ALTER TABLE delivery_documents ADD COLUMN facts jsonb;
ALTER TABLE delivery_documents ADD COLUMN facts_asked_at timestamptz;
ALTER TABLE delivery_documents ADD COLUMN hash_check jsonb;
-- The sandbox's documents may carry such facts too (lib/sandbox/schema.ts), answered as given.
ALTER TABLE sandbox_documents ADD COLUMN facts jsonb;
