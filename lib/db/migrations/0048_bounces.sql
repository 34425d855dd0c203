-- Bounces read back (issue #47, docs/api.md "Bounces"): a hand-off whose e-mail came back undelivered is `bounced`,
-- with the delivery status notification's reason; the mail server's message id finds it.
ALTER TABLE handoffs DROP CONSTRAINT handoffs_state_check;
ALTER TABLE handoffs ADD CONSTRAINT handoffs_state_check
  CHECK (state IN ('pending', 'sent', 'failed', 'unknown', 'printed', 'posted', 'opened', 'bounced'));
ALTER TABLE handoff_outcomes DROP CONSTRAINT handoff_outcomes_state_check;
ALTER TABLE handoff_outcomes ADD CONSTRAINT handoff_outcomes_state_check
  CHECK (state IN ('sent', 'failed', 'unknown', 'printed', 'posted', 'opened', 'bounced'));
CREATE INDEX handoffs_message_id ON handoffs (message_id) WHERE message_id IS NOT NULL;

-- One reader of the sender's mailbox at a time across instances: a lease, as a sync's (delivery_sync).
CREATE TABLE mail_read_lease (
  name text PRIMARY KEY,
  owner text,
  until timestamptz
);

-- The sandbox mailbox's own messages (its delivery status notifications) beside those it received.
ALTER TABLE sandbox_mail ADD COLUMN by_sandbox boolean NOT NULL DEFAULT false;
