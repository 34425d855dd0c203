-- The hand-off of each document to the resident of its unit (lib/handoffs, §6a HeizkostenV): one
-- row per document and resident, the resident being the register's unit (`unit_key`) with the
-- time its present resident was entered (`resident_since`), so a new resident gets the document
-- anew and an erased resident's record stays without the person. Like a confirmation, a send is
-- attempted only by the caller that moved the row to `pending` (committed before the send); the
-- SMTP answer then makes it `sent` (with its message id) or `failed` (with the reason); a send
-- whose outcome was never recorded (a crash) becomes `unknown` once its claim ran out, and is
-- never repeated by itself: "again" is an explicit choice (`attempts` counts them). No address or
-- name is stored here: what went out is proven by the archived bytes' hash and the SMTP answer.
CREATE TABLE handoffs (
  id uuid PRIMARY KEY,
  connection_id uuid NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
  documentid text NOT NULL,
  unit_key text NOT NULL,
  unit_id uuid REFERENCES units(id) ON DELETE SET NULL,
  resident_since timestamptz NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'portal', 'post')),
  state text NOT NULL CHECK (state IN ('pending', 'sent', 'failed', 'unknown', 'printed', 'opened')),
  sha256 text NOT NULL,
  attempts integer NOT NULL DEFAULT 1,
  message_id text,
  reason text,
  claimed_by text,
  claim_until timestamptz,
  by_user uuid REFERENCES users(id) ON DELETE SET NULL,
  at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX handoffs_once ON handoffs (connection_id, documentid, unit_key, resident_since);
-- The monthly view and the unit's history.
CREATE INDEX handoffs_unit ON handoffs (unit_id, at);
