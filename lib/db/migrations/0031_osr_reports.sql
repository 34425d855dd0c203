-- On-site-roles v2 reports (issue #36, lib/residents/reports, docs/architecture.md "Resident changes").
-- A connection reports to the provider's on-site-roles service at this address (`{v2_base}`), with its
-- own credentials; null: it does not report.
ALTER TABLE connections ADD COLUMN on_site_roles_url text;

-- The last report of one unit to one connection: the hash of the unit's whole state that is to be
-- (or was) sent, and how it went. The body itself is not kept (it names residents): it is built from
-- the register when it is sent. Like a confirmation, a send is claimed (`claimed_by`, `claim_until`)
-- and committed before the request goes out; a claim that ran out may be sent again, which is safe
-- because a v2 report is the unit's whole state. `pending`: to be sent; `accepted` with the
-- provider's transactionid; `rejected` with its messages (sent again only when the unit changes);
-- `unknown`: no answer, 5xx or 429, sent again at `next_attempt_at` while `attempts` < 5.
CREATE TABLE osr_reports (
  unit_id uuid NOT NULL REFERENCES units(id) ON DELETE CASCADE,
  connection_id uuid NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
  hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'accepted', 'rejected', 'unknown')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  http_status integer,
  transactionid text CHECK (transactionid IS NULL OR length(transactionid) <= 200),
  -- The provider's messages as the dashboard bounded them: at most 20, each field cut (lib/provider/osr.ts).
  messages jsonb CHECK (messages IS NULL OR (CASE WHEN jsonb_typeof(messages) = 'array'
    THEN jsonb_array_length(messages) <= 20 AND octet_length(messages::text) <= 32768 ELSE false END)),
  sent_at timestamptz,
  answered_at timestamptz,
  accepted_at timestamptz,
  claimed_by text,
  claim_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (unit_id, connection_id)
);
-- The sender's look for due reports.
CREATE INDEX osr_reports_due ON osr_reports (next_attempt_at) WHERE state IN ('pending', 'unknown');
CREATE INDEX osr_reports_connection ON osr_reports (connection_id);
