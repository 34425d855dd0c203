-- Replies read back (issue #47, docs/api.md "Bounces"): an auto-reply or a resident's own answer to an e-mail hand-off,
-- found by In-Reply-To / References naming the hand-off's Message-ID, kept for the unit's team to read. Personal data:
-- deleted with the resident's contact data (lib/register/tenancies/erase.ts; a unit on a legal hold keeps them). The
-- text is plain, bounded (4000 characters), no attachment is kept; `message_id` is the reply's own, so that a message
-- read twice is kept once.
CREATE TABLE handoff_replies (
  id uuid PRIMARY KEY,
  handoff_id uuid REFERENCES handoffs (id) ON DELETE SET NULL,
  tenancy_id uuid NOT NULL REFERENCES tenancies (id) ON DELETE CASCADE,
  unit_id uuid NOT NULL REFERENCES units (id) ON DELETE CASCADE,
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  message_id text,
  kind text NOT NULL CHECK (kind IN ('autoReply', 'reply')),
  received_at timestamptz NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX handoff_replies_unit ON handoff_replies (unit_id, received_at);
CREATE INDEX handoff_replies_tenancy ON handoff_replies (tenancy_id);
CREATE UNIQUE INDEX handoff_replies_once ON handoff_replies (tenancy_id, message_id);

-- The mailbox reader's health, where every instance sees it (GET /api/ready's detail for admins, the connections
-- page): the last round that read the mailbox, since when rounds fail, and why in a word (no address, no text).
ALTER TABLE mail_read_lease ADD COLUMN read_ok_at timestamptz;
ALTER TABLE mail_read_lease ADD COLUMN failing_since timestamptz;
ALTER TABLE mail_read_lease ADD COLUMN failing_reason text;
