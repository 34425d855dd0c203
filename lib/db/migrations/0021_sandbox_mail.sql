-- The sandbox mailbox (lib/sandbox/mailbox): what its SMTP server received, parsed, the last 1000
-- messages. Kept in the database like the rest of the sandbox's state, so that every instance's
-- control API and page show the same mailbox, whichever instance's SMTP port took the message.
-- Attachments are kept as facts (name, type, size, SHA-256), never as bytes.
CREATE TABLE sandbox_mail (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  sender text NOT NULL,
  recipients jsonb NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  attachments jsonb NOT NULL
);
