-- The sandbox mailbox keeps the header lines a test reads of a message (issue #47, docs/api.md "Consent"): RFC 8058's
-- List-Unsubscribe and List-Unsubscribe-Post of a resident's mail, by their names in lower case.
ALTER TABLE sandbox_mail ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb;
